#!/usr/bin/env bash
# Runs make targets one after the other, as `make check` does, and prints how long each took:
# at the end, and also when a step fails (then which one). CI shows only the end of the
# output, so the table is the last thing printed.
#   usage: MAKE=make scripts/timed_steps.sh TARGET...
set -uo pipefail
cd "$(dirname "$0")/.."

make_cmd=${MAKE:-make}
names=()
seconds=()
failed=""
started=$(date +%s)

report() {
  local total=$(($(date +%s) - started))
  echo
  echo "make check, the time of each step:"
  for i in "${!names[@]}"; do
    printf '  %-14s %6d s\n' "${names[$i]}" "${seconds[$i]}"
  done
  printf '  %-14s %6d s\n' "all" "$total"
  if [[ -n $failed ]]; then echo "make check failed at $failed"; fi
}
trap report EXIT

for target in "$@"; do
  begun=$(date +%s)
  "$make_cmd" --no-print-directory "$target"
  rc=$?
  names+=("$target")
  seconds+=($(($(date +%s) - begun)))
  if ((rc != 0)); then
    failed=$target
    exit "$rc"
  fi
done
