#!/bin/sh
# A deliberately broken lsc-rewrite, for the fuzzer's self-test (test/fuzz/wrong-detection.test): the real
# rewriter ($FZ_REAL_REWRITER), then every outlined body stops one iteration before the end of its chunk,
# so nearly every loop that writes something computes a different result.
set -e
out=""
prev=""
for a in "$@"; do
  [ "$prev" = "-o" ] && out="$a"
  prev="$a"
done
"${FZ_REAL_REWRITER:?set FZ_REAL_REWRITER to the real lsc-rewrite}" "$@"
sed -i 's/lsc_k < lsc_hi; lsc_k++/lsc_k < lsc_hi - 1; lsc_k++/' "$out"
