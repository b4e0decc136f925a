# Sourced by the training tests (net_check_test.sh, smoke_test.sh): checks that $python has
# numpy and torch (the tests fail without them, never skip; scripts/setup.sh installs
# python3-torch and python3-numpy), then makes $dir, a temporary folder removed at exit.
if ! "$python" -c 'import numpy, torch' 2>/dev/null; then
  echo "$(basename "$0"): $python cannot import numpy and torch (scripts/setup.sh installs them)" >&2
  exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
