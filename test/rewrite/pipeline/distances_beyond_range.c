// With constant trip counts, a distance no two iterations of the nest can have is no dependence: the writes
// e[i][j] and e[i][j + 100] (distance (0, 100)) and the read e[i][j + 50] never meet in a 16-column nest, and
// the read f[i + 20][j] never meets the write in a 16-row one. Nothing travels between chunks.
// RUN: %lsc-rewrite %s -o %t.lsc.c --remarks 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %seq-build %t.o -c %t.lsc.c -I%include -Wextra -Werror
static double e[16][128], f[40][16];

void far_apart(void) {
#pragma lsc pipeline for
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      e[i][j] = 1.0;
      e[i][j + 100] = e[i][j + 50];
      f[i][j] = f[i + 20][j] + f[i][j];
    }
}

// REMARK:      {{.*}}distances_beyond_range.c:10:3: remark: loop nest pipelined: 'i' is the scheduling dimension (schedule chosen by the runtime), 'j' the synchronization dimension (sync auto)
// REMARK-NOT:  dependence distances
// REMARK:      {{.*}}distances_beyond_range.c:10:3: remark: a chunk needs the last 0 rows of the previous chunk; skew 0
