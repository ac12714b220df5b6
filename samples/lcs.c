/* Longest common subsequence of two generated strings by dynamic programming: the table entry (i, j) needs
 * (i-1, j-1), (i-1, j) and (i, j-1), the wavefront pattern with dependence distances (1,1), (1,0) and
 * (0,1). Chunks of rows (i, the scheduling dimension) are pipelined, synchronizing every h columns (j).
 * Plain sequential C; prints the length and a checksum of the table. */
#include <stdio.h>

#ifndef N
#define N 1200 /* length of the first string: rows, the scheduling dimension */
#endif
#ifndef M
#define M 1500 /* length of the second string: columns, the synchronization dimension */
#endif

static char first[N], second[M];
static int table[N + 1][M + 1]; /* row 0 and column 0: the empty prefix, zero */

/* a fixed linear congruential sequence over a 4-letter alphabet: the same strings on every machine */
static void generate(char *s, int length, unsigned seed) {
  for (int k = 0; k < length; k++) {
    seed = seed * 1103515245u + 12345u;
    s[k] = "ACGT"[(seed >> 16) % 4];
  }
}

int main(void) {
  generate(first, N, 7u);
  generate(second, M, 11u);

#pragma lsc pipeline for schedule(tss) sync(auto)
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= M; j++) {
      if (first[i - 1] == second[j - 1])
        table[i][j] = table[i - 1][j - 1] + 1;
      else
        table[i][j] = table[i - 1][j] > table[i][j - 1] ? table[i - 1][j] : table[i][j - 1];
    }

  long long checksum = 0;
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= M; j++)
      checksum += (long long)table[i][j] * ((i * 7 + j * 3) % 11 + 1);
  printf("lcs %d x %d: length %d, checksum %lld\n", N, M, table[N][M], checksum);
  return 0;
}
