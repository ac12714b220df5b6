#!/bin/sh
# One corpus kernel, end to end: run_kernel.sh SOURCE WORKDIR [CFLAGS...]
# Builds SOURCE sequential (CORPUS_CC) and through lsc-cc (CORPUS_LSC_CC, rewrite + mpicc + liblsc.a) with the
# same flags (CORPUS_FLAGS and the extra CFLAGS, e.g. -DSMALL_DATASET), runs the lsc build under mpirun
# (CORPUS_MPIRUN) at np 1, 2, 3 and at np 3 with rank 1 four times slower (LSC_SLOWDOWN=1,4,1: other chunk
# sizes, other owners), and compares every output with the sequential one byte for byte. The first step that
# fails stops the script with its status, so lit shows which one.
set -eux
src=$1
work=$2
shift 2
rm -rf "$work"
mkdir -p "$work/tmp"
# shellcheck disable=SC2086 # CORPUS_FLAGS is a list of flags
$CORPUS_CC $CORPUS_FLAGS "$@" -o "$work/seq" "$src" -lm
# lsc-cc writes its rewritten file under TMPDIR and removes it; --keep-dir keeps it for a failing run.
# shellcheck disable=SC2086
env TMPDIR="$work/tmp" "$CORPUS_LSC_CC" --keep-dir="$work/keep" $CORPUS_FLAGS "$@" -o "$work/lsc" "$src" -lm
"$work/seq" > "$work/seq.out"
for np in 1 2 3; do
  $CORPUS_MPIRUN --oversubscribe --bind-to none -np $np "$work/lsc" > "$work/np$np.out"
  cmp "$work/seq.out" "$work/np$np.out"
done
env LSC_SLOWDOWN=1,4,1 $CORPUS_MPIRUN --oversubscribe --bind-to none -np 3 "$work/lsc" > "$work/slow.out"
cmp "$work/seq.out" "$work/slow.out"
echo "corpus: $(basename "$src"): identical at np 1, 2, 3 and slowed"
