#!/usr/bin/env bash
# `make demo`: rewrite samples/matmul.c with lsc-rewrite, build it against liblsc, run it on local MPI ranks,
# and check its output against the plain sequential build. Prints the wall time of both.
#   scripts/demo.sh [build-dir]      environment: LSC_DEMO_RANKS (default 3), LSC_DEMO_N (default 1024)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
ranks=${LSC_DEMO_RANKS:-3}
n=${LSC_DEMO_N:-1024}
out=$build/demo
mkdir -p "$out"

# Open MPI on a workstation: allow root, allow more ranks than cores, let waiting ranks yield the core.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1

flags=(-std=c11 -O2 -ffp-contract=off -DN="$n")
echo "== lsc-rewrite samples/matmul.c -> $out/matmul.lsc.c"
"$build/bin/lsc-rewrite" "$root/samples/matmul.c" -o "$out/matmul.lsc.c" -- "${flags[@]}"
echo "== build: sequential (cc) and lsc (mpicc + liblsc)"
cc "${flags[@]}" -Wall -Wno-unknown-pragmas "$root/samples/matmul.c" -o "$out/matmul.seq"
# The static archive: the program then runs anywhere mpirun starts it, with no library path to set.
mpicc "${flags[@]}" -Wall -I"$root/include" "$out/matmul.lsc.c" -o "$out/matmul.lsc" \
  "$build/lib/liblsc.a" -fopenmp -lm -ldl

now() { date +%s.%N; }
echo "== run: sequential"
t0=$(now); "$out/matmul.seq" >"$out/seq.out"; t1=$(now)
echo "== run: mpirun -np $ranks (master/worker self-scheduling)"
t2=$(now); mpirun -np "$ranks" --bind-to none "$out/matmul.lsc" >"$out/lsc.out"; t3=$(now)

cat "$out/lsc.out"
awk -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" -v r="$ranks" \
  'BEGIN { printf "sequential: %.3f s\nlsc, %d ranks: %.3f s\n", b - a, r, d - c }' 
if cmp -s "$out/seq.out" "$out/lsc.out"; then
  echo "demo: OK, output identical to the sequential build"
else
  echo "demo: FAILED, outputs differ:" >&2
  diff "$out/seq.out" "$out/lsc.out" >&2 || true
  exit 1
fi
