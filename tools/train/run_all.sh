#!/bin/bash
# Regenerates the networks' data and weights from seeds (docs/bot.md, "The third generation"):
# self-play data through the real referee (pg_gen_data), then the belief and the policy-and-value
# networks (train.py), written to nets/ (or --nets DIR). Hours on a 2-core machine: run by
# hand, never in `make check` (ctest train.smoke runs the same chain on a tiny data set).
#   tools/train/run_all.sh [--data DIR] [--nets DIR] [--games N] [--build DIR]
# The committed nets/ came from this script as it stands (docs/bot.md, "Data and training").
set -euo pipefail
cd "$(dirname "$0")/../.."
data=data/train
nets=nets
games=2000
build=build/ci
while (($#)); do
  case $1 in
    --data) data=$2; shift 2 ;;
    --nets) nets=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
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
# Both networks at once, one thread each (the thread count is part of the run: the sums of a
# convolution's gradient follow it).
"$python" tools/train/train.py --kind belief --data "$data/run1/9x9" --out "$nets/belief.pgnn" \
  --epochs 4 --seed 1 --threads 1 > "$data/train_belief.log" &
belief=$!
"$python" tools/train/train.py --kind pv --data "$data/run1/9x9" --out "$nets/pv.pgnn" \
  --epochs 5 --seed 1 --threads 1 > "$data/train_pv.log"
wait "$belief"
tail -n 1 "$data/train_belief.log" "$data/train_pv.log"
ls -l "$nets"
