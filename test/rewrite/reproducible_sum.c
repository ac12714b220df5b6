// Reproducible reductions: a sum of 10^6 doubles whose magnitudes swing over 20 orders, the kind whose last
// bits follow the association. With reproducible(on) (blocks from the trip count) and reproducible(1000) the
// printed bits (%a) are the same without a launcher, at -np 1 to 4, with every kind of schedule, with
// LSC_SLOWDOWN, a serving or computing master, measured weights (calibration samples are whole blocks) and
// OpenMP threads inside a rank. The loop without the mode ("plain") is printed too but never compared: its bits
// may change with every run. LSC_REPRODUCIBLE overrides the clauses both ways. A first instance that moves
// 3.5 MB for 1 ms of work runs on rank 0 alone after a leading piece (runtime/exec/master_lead.h): the fss
// run takes that path, its blocks filed by rank 0; the gss and pss runs count the piece as 1 s per iteration
// (the test hook LSC_TEST_LEAD_WORK), so the rest is distributed after the piece's blocks.
// REQUIRES: mpi
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: FileCheck %s --check-prefix=SITE < %t.lsc.c
// RUN: %lsc-build %t %t.lsc.c -Wextra %lsc-libs
// RUN: %t > %t.all && grep -v '^plain' %t.all > %t.ref
// RUN: FileCheck %s --check-prefix=SHAPE < %t.all
// RUN: %mpirun -np 1 %t | grep -v '^plain' | diff %t.ref -
// RUN: env LSC_STATS=each LSC_SCHEDULE=gss LSC_TEST_LEAD_WORK=1 %mpirun -np 2 %t 2> %t.stats | grep -v '^plain' | diff %t.ref -
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: env LSC_SCHEDULE=fss LSC_SLOWDOWN=1,4,1 %mpirun -np 3 %t | grep -v '^plain' | diff %t.ref -
// pss would hand out the plain loop's 10^6 iterations one by one: "repro" leaves that loop out.
// RUN: env LSC_SCHEDULE=pss LSC_TEST_LEAD_WORK=1 %mpirun -np 4 %t repro | diff %t.ref -
// RUN: env LSC_SCHEDULE=static LSC_SLOWDOWN=1,3,1 LSC_MASTER=serve %mpirun -np 3 %t | grep -v '^plain' | diff %t.ref -
// RUN: env LSC_SCHEDULE=dtss LSC_SLOWDOWN=2,1,5,1 LSC_MASTER=compute %mpirun -np 4 %t | grep -v '^plain' | diff %t.ref -
// RUN: env LSC_SCHEDULE='tss(9000,500)' LSC_WEIGHTS=measured LSC_ALPHA=auto %mpirun -np 3 %t | grep -v '^plain' | diff %t.ref -
// RUN: env LSC_SCHEDULE=gss LSC_THREADS=2:dynamic %mpirun -np 2 %t | grep -v '^plain' | diff %t.ref -
// LSC_REPRODUCIBLE=on: every loop with the blocks of the rule, the plain one and the reproducible(1000) one too.
// RUN: env LSC_REPRODUCIBLE=on %t > %t.on && FileCheck %s --check-prefix=ALL < %t.on
// RUN: grep '^on ' %t.ref > %t.on.ref && grep '^on ' %t.on | diff %t.on.ref -
// RUN: env LSC_REPRODUCIBLE=on LSC_SCHEDULE=fss %mpirun -np 3 %t | diff %t.on -
// LSC_REPRODUCIBLE=1000: every loop with blocks of 1000, the bits of reproducible(1000).
// RUN: env LSC_REPRODUCIBLE=1000 LSC_SCHEDULE=pss %mpirun -np 2 %t > %t.1000 && FileCheck %s --check-prefix=ALL < %t.1000
// RUN: grep '^fixed ' %t.ref | sed 's/^fixed/on/' > %t.fixed.ref && grep '^on ' %t.1000 | diff %t.fixed.ref -
// LSC_REPRODUCIBLE=off: every loop plain; with one rank that is the sequential loop, bit for bit.
// RUN: %seq-build %t.seq %s && %t.seq > %t.seq.out
// RUN: env LSC_REPRODUCIBLE=off %t | diff %t.seq.out -
// LSC_STATS names the mode, the block size and the number of blocks, and where the mode came from (the
// distributed table is checked above).
// RUN: env LSC_STATS=each LSC_REPRODUCIBLE=512 %t 2> %t.local > /dev/null
// RUN: FileCheck %s --check-prefix=LOCAL < %t.local
#include <stdio.h>
#include <string.h>

#define N 1000000
static double x[N];

int main(int argc, char **argv) {
  int repro_only = argc > 1 && strcmp(argv[1], "repro") == 0;
  for (int i = 0; i < N; i++)
    x[i] = (i % 2 ? 1.0 : -1.0) * 1e10 / (i + 1) * (i % 5 == 0 ? 1e6 : 1.0) + (i % 3 == 0 ? 1e-6 * i : 0.0);
  double on = 0.5, fixed = 0.5, plain = 0.5;
#pragma lsc parallel for reduction(+: on) reproducible(on)
  for (int i = 0; i < N; i++)
    on += x[i];
#pragma lsc parallel for reduction(+: fixed) reproducible(1000)
  for (int i = 0; i < N; i++)
    fixed += x[i];
  printf("on %a\nfixed %a\n", on, fixed);
  if (repro_only)
    return 0;
#pragma lsc parallel for reduction(+: plain)
  for (int i = 0; i < N; i++)
    plain += x[i];
  printf("plain %a\n", plain);
  return 0;
}

// SITE: .threads = 0, .reproducible = "on", .reissue = 0};
// SITE: .threads = 0, .reproducible = "1000", .reissue = 0};
// SITE: .threads = 0, .reproducible = 0, .reissue = 0};

// SHAPE: on {{-?0x1\.[0-9a-f]+p[-+][0-9]+$}}
// SHAPE-NEXT: fixed {{-?0x1\.[0-9a-f]+p[-+][0-9]+$}}
// SHAPE-NEXT: plain {{-?0x1\.[0-9a-f]+p[-+][0-9]+$}}

// ALL: on [[SUM:-?0x1\.[0-9a-f]+p[-+][0-9]+]]{{$}}
// ALL-NEXT: fixed [[SUM]]{{$}}
// ALL-NEXT: plain [[SUM]]{{$}}

// STATS: lsc: loop {{.*}}reproducible_sum.c:[[#]] n=1000000 ranks=2 schedule=gss
// STATS-NEXT: lsc: weights=
// STATS-NEXT: lsc: reproducible block=245 blocks=4082 (reproducible(on))
// STATS: lsc: loop {{.*}}reproducible_sum.c:[[#]] n=1000000 ranks=2 schedule=gss
// STATS-NEXT: lsc: weights=
// STATS-NEXT: lsc: reproducible block=1000 blocks=1000 (reproducible(1000))
// STATS: lsc: loop {{.*}}reproducible_sum.c:[[#]] n=1000000 ranks=2 schedule=gss
// STATS-NEXT: lsc: weights=
// STATS-NEXT: lsc: rank

// LOCAL: lsc: loop {{.*}}reproducible_sum.c:[[#]] n=1000000 ranks=1 schedule=local
// LOCAL-NEXT: lsc: weights=none (one rank)
// LOCAL-NEXT: lsc: reproducible block=512 blocks=1954 (LSC_REPRODUCIBLE=512)
// LOCAL-COUNT-2: lsc: reproducible block=512 blocks=1954 (LSC_REPRODUCIBLE=512)
