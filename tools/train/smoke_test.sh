#!/bin/bash
# The ctest train.smoke: the whole training chain on a tiny data set, never the full training.
# Self-play data on 5x5 (pg_gen_data), a small network of each kind trained on it (train.py),
# PyTorch's outputs against the C++ inference's (pg_net_check), the training loss falling, and
# the trained networks loaded and used by the program (bench belief's network rows).
#   smoke_test.sh PYTHON PG_GEN_DATA PG_NET_CHECK PHANTOMGO
set -euo pipefail
python=$1
gen=$2
check=$3
phantomgo=$4
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=test_lib.sh
source "$here/test_lib.sh"
"$gen" --out "$dir/data" --games 3 --size 5 --bots medium,v2 --playouts 40 --particles 32 \
  --jobs 1 --seed 5
mkdir -p "$dir/nets"
for kind in belief pv; do
  "$python" "$here/train.py" --kind "$kind" --data "$dir/data/5x5" --out "$dir/nets/$kind.pgnn" \
    --epochs 20 --batch 32 --filters 8 --blocks 1 --hidden 8 --val-share 0.34 --threads 1 \
    --seed 2 --cases "$dir/cases-$kind"
  "$check" --weights "$dir/nets/$kind.pgnn" --cases "$dir/cases-$kind"
  # From the random start to the end, the loss on the held-out games must fall (the run is
  # fixed by its seed on one thread).
  "$python" - "$dir/nets/$kind.json" <<'PY'
import json, sys
record = json.load(open(sys.argv[1]))
first, last = record["initial_validation"]["loss"], record["epochs"][-1]["validation"]["loss"]
print(f"smoke_test: {sys.argv[1]}: validation loss {first:.4f} -> {last:.4f}")
sys.exit(0 if last < first else 1)
PY
done
# The program loads them and the belief network's rows appear.
out=$("$phantomgo" --nets "$dir/nets" bench belief --games 1 --size 5 --playouts 40 \
  --particles 32 --nets "$dir/nets" --guide-power 2)
echo "$out"
grep -q '^network ' <<<"$out"
grep -q '^guided chains ' <<<"$out"
