#!/bin/bash
# Regenerates the networks' data and weights from seeds (docs/bot.md, "The third generation"):
# self-play data through the real referee (pg_gen_data), then the belief and the policy-and-value
# networks (train.py), written to nets/ (or --nets DIR). Hours on a 2-core machine: run by
# hand, never in `make check` (ctest train.smoke runs the same chain on a tiny data set).
#   tools/train/run_all.sh [--data DIR] [--nets DIR] [--games N] [--epochs E] [--build DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
data=data/train
nets=nets
games=2000
epochs=6
build=build/ci
while (($#)); do
  case $1 in
    --data) data=$2; shift 2 ;;
    --nets) nets=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --epochs) epochs=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "run_all.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
python=/usr/bin/python3  # Debian's, with python3-torch (../shared/notes/python-for-training.md)
[ -d "$build" ] || cmake --preset ci -B "$build"
cmake --build "$build" -j2 --target pg_gen_data
mkdir -p "$data" "$nets"
# 9x9 self-play: medium, advanced and v2 (each side of each game drawn from them), 2000
# playouts a try, seed 1: the same bytes whatever the number of jobs.
"$build/tools/train/pg_gen_data" --out "$data/run1" --games "$games" --size 9 \
  --bots medium,advanced,v2 --playouts 2000 --jobs 2 --seed 1
"$python" tools/train/train.py --kind belief --data "$data/run1/9x9" --out "$nets/belief.pgnn" \
  --epochs "$epochs" --seed 1
"$python" tools/train/train.py --kind pv --data "$data/run1/9x9" --out "$nets/pv.pgnn" \
  --epochs "$epochs" --seed 1
ls -l "$nets"
