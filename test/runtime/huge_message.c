// clang-format off
// A chunk whose data needs a message beyond MPI's 2 GiB is refused with a line that names the loop and what
// makes its chunks smaller, and without Open MPI's abort banner. Large spans travel as messages of their own
// (exec/chunk_data.h), so only small spans fill a message: 36000 rows of 64 KiB of a global that no rank
// writes (zero pages; the worker reads its own copy, so it needs no mirror), each iteration reading 60 KiB of
// its row, so a chunk is one span per iteration; one chunk of all of them needs a message of 2160 MiB,
// refused before rank 0 copies anything.
// RUN: %lsc-build %t %s %lsc-libs
// RUN: env LSC_SCHEDULE=static LSC_MASTER=serve timeout 120 %mpirun -np 2 %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=HUGE < %t.out
// HUGE: lsc: error: {{.*}}huge_message.c:{{[0-9]+}}: a chunk of 36000 iterations needs a message of more than 2211840{{[0-9]+}} bytes ('rows' and the arrays before it), beyond MPI's limit of 2147483647 bytes (2 GiB); make the chunks smaller: a chunk size in the schedule, schedule(css(K)) in the pragma or LSC_SCHEDULE='css(K)', with K at most 34952 here, or a scheme whose chunks shrink (LSC_SCHEDULE=fss or tss)
// HUGE-NOT: MPI_ABORT
// HUGE-NOT: loop ran
// HUGE: exit=1
// clang-format on
#include "Inputs/site_helpers.h"

#include <stdio.h>

#define ROW ((int64_t)64 << 10)
#define READ ((int64_t)60 << 10)
#define ROWS 36000

static unsigned char rows[ROWS * ROW];

struct env_huge {
  unsigned char *rows;
  long long seen;
};
static void body_huge(int64_t lo, int64_t hi, void *env) {
  struct env_huge *e = env;
  for (int64_t k = lo; k < hi; k++)
    e->seen += 1 + e->rows[k * ROW];
}
static void bind_huge(void *env) {
  ((struct env_huge *)env)->rows = rows;
}
static const lsc_site site_huge = TEST_SITE(body_huge, bind_huge, struct env_huge);

int main(void) {
  struct env_huge env = {rows, 0};
  lsc_var vars[] = {
      TEST_ARRAY(struct env_huge, rows, unsigned char, LSC_VAR_GLOBAL | LSC_VAR_READ, ROWS * ROW,
                 .in = {ROW, 0, ROW, READ}),
      TEST_REDUCTION(struct env_huge, seen, LSC_TYPE_LLONG, LSC_RED_ADD),
  };
  lsc_parallel_for(&site_huge, &env, vars, TEST_COUNT(vars), ROWS);
  printf("loop ran: %lld rows\n", env.seen);
  return 0;
}
