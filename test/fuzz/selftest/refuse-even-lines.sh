#!/bin/sh
# An lsc-rewrite that refuses some loops, for the fuzzer's self-test (test/fuzz/refusals.test): every
# `#pragma lsc` on an even line gets a clang-style error inside its loop (as lsc reports refusals) and
# nothing is written; when no such pragma is left, the real rewriter ($FZ_REAL_REWRITER) runs.
in="$1"
bad=$(awk '/^ *#pragma lsc/ && NR % 2 == 0 { printf "%s:%d:5: error: fake refusal of the loop at line %d\n", FILENAME, NR + 2, NR + 1 }' "$in")
if [ -n "$bad" ]; then
  echo "$bad" >&2
  echo "1 error generated." >&2
  exit 1
fi
exec "${FZ_REAL_REWRITER:?set FZ_REAL_REWRITER to the real lsc-rewrite}" "$@"
