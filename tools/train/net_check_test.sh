#!/bin/bash
# The ctest nn.torch_reference: PyTorch's outputs (make_reference.py) against pg_net_check's, on
# 9x9 plain (pv), 7x7 torus (belief) and 13x13 plain (belief). It needs numpy and torch under
# the given Python (scripts/setup.sh installs python3-torch and python3-numpy); without them it
# fails, it never skips.
#   net_check_test.sh PYTHON PG_NET_CHECK
set -euo pipefail
python=$1
check=$2
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=test_lib.sh
source "$here/test_lib.sh"
run() {
  local name=$1
  shift
  "$python" "$here/make_reference.py" --out "$dir/$name" "$@"
  local torus=()
  for a in "$@"; do [ "$a" = --torus ] && torus=(--torus); done
  "$check" --weights "$dir/$name/net.pgnn" --cases "$dir/$name" "${torus[@]}"
}
run pv9 --kind pv --size 9 --seed 1
run belief7t --kind belief --size 7 --torus --seed 2
run belief13 --kind belief --size 13 --seed 3
run pv7x11t --kind pv --size 7 --width 11 --torus --seed 4 --cases 3
