#!/usr/bin/env bash
# `make bench`: runs every benchmark of the build (executables or scripts named bench-* in <build>/bench).
# Each prints a table of ratios measured side by side in one run; timings are never asserted by tests.
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
status=0
for b in "$build"/bench/bench-*; do
  [ -x "$b" ] || continue
  echo "== $(basename "$b")"
  "$b" || { echo "$(basename "$b") failed" >&2; status=1; }
  echo
done
exit $status
