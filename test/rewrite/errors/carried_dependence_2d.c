// A row depending on the previous row (2-D, inner loop): uniform, so the pipeline hint is given.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
#define N 64
static double grid[N][N];
int main(void) {
#pragma lsc parallel for schedule(gss)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      grid[i][j] = grid[i - 1][j] + 1.0;
  return (int)grid[N - 1][0];
}

// ERR: {{.*}}carried_dependence_2d.c:[[@LINE-4]]:20: error: loop-carried dependence: an iteration reads elements of 'grid' that another iteration writes
// ERR-NEXT:       grid[i][j] = grid[i - 1][j] + 1.0;
// ERR-NEXT:                    ^
// ERR-NEXT: {{.*}}carried_dependence_2d.c:[[@LINE-7]]:7: note: 'grid' is written here
// ERR-NEXT:       grid[i][j] = grid[i - 1][j] + 1.0;
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}carried_dependence_2d.c:[[@LINE-13]]:1: note: the dependence has a constant distance of 1 iteration; '#pragma lsc pipeline for' can run such loops
// ERR-NEXT: #pragma lsc parallel for schedule(gss)
// ERR-NEXT: ^
// ERR-NEXT: 1 error generated.
