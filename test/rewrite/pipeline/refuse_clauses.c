// Clauses of '#pragma lsc pipeline for': sync takes 'auto' or a positive constant expression of literals and
// object-like macros (folded when the program is rewritten: the site is static); reduction, threads and the
// data clauses are not part of the pipelined directive; sync is not part of the DOALL one.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: test ! -e %t.out
#define N 16
#define TWICE(x) (2 * (x))
#define ZERO (N - 16)
static double a[N][N], x[N];
void bad_sync(void) {
#pragma lsc pipeline for sync(0)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i - 1][j];
}
void sync_variable(int h) {
#pragma lsc pipeline for schedule(gss) sync(h)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i - 1][j];
}
void sync_division(void) {
#pragma lsc pipeline for sync(64 / 2)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i - 1][j];
}
void reduction_clause(void) {
  double s = 0;
#pragma lsc pipeline for reduction(+: s)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      s += a[i][j];
}
void threads_clause(void) {
#pragma lsc pipeline for threads(2)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i - 1][j];
}
void data_clause(void) {
#pragma lsc pipeline for out(a[i:1][0:N])
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i - 1][j];
}
void sync_in_doall(void) {
#pragma lsc parallel for sync(4)
  for (int i = 1; i < N; i++)
    x[i] = 1.0;
}
void sync_twice(void) {
#pragma lsc pipeline for sync(4) sync(auto)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i - 1][j];
}

void sync_function_macro(void) {
#pragma lsc pipeline for sync(TWICE)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i - 1][j];
}
void sync_macro_zero(void) {
#pragma lsc pipeline for sync(ZERO)
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i - 1][j];
}

// a scalar accumulated without a clause: it carries a value between iterations, and reductions are not taken
void accumulated(void) {
  double s = 0;
#pragma lsc pipeline for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      s += a[i][j];
  x[0] = s;
}

// ERR: {{.*}}refuse_clauses.c:[[@LINE-71]]:31: error: invalid sync '0': the interval must be from 1 to 2^62
// ERR-NEXT: #pragma lsc pipeline for sync(0)
// ERR-NEXT:                               ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-68]]:45: error: sync(h): 'h' is not a macro with a constant integer value; the interval must be known when the program is rewritten (or use 'sync(auto)')
// ERR-NEXT: #pragma lsc pipeline for schedule(gss) sync(h)
// ERR-NEXT:                                             ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-65]]:31: error: invalid sync '64/2': expected 'auto' or a positive integer constant expression (literals, macros, + - * and parentheses)
// ERR-NEXT: #pragma lsc pipeline for sync(64 / 2)
// ERR-NEXT:                               ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-61]]:26: error: clause 'reduction' is not allowed in '#pragma lsc pipeline for'
// ERR-NEXT: #pragma lsc pipeline for reduction(+: s)
// ERR-NEXT:                          ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-58]]:26: error: clause 'threads' is not allowed in '#pragma lsc pipeline for'
// ERR-NEXT: #pragma lsc pipeline for threads(2)
// ERR-NEXT:                          ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-55]]:26: error: clause 'out' is not allowed in '#pragma lsc pipeline for'
// ERR-NEXT: #pragma lsc pipeline for out(a[i:1][0:N])
// ERR-NEXT:                          ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-52]]:26: error: clause 'sync' is not allowed in '#pragma lsc parallel for'
// ERR-NEXT: #pragma lsc parallel for sync(4)
// ERR-NEXT:                          ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-50]]:34: error: duplicate 'sync' clause
// ERR-NEXT: #pragma lsc pipeline for sync(4) sync(auto)
// ERR-NEXT:                                  ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-53]]:26: note: previous 'sync' clause is here
// ERR-NEXT: #pragma lsc pipeline for sync(4) sync(auto)
// ERR-NEXT:                          ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-49]]:31: error: sync(TWICE): 'TWICE' is not a macro with a constant integer value; the interval must be known when the program is rewritten (or use 'sync(auto)')
// ERR-NEXT: #pragma lsc pipeline for sync(TWICE)
// ERR-NEXT:                               ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-46]]:31: error: sync(ZERO) is 0; the interval must be from 1 to 2^62
// ERR-NEXT: #pragma lsc pipeline for sync(ZERO)
// ERR-NEXT:                               ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-37]]:7: error: 's' may carry a value from one iteration to the next: this read can see the value written by the previous iteration, which a pipelined nest does not pass on (and it takes no reductions); write 's' before reading it in every iteration
// ERR-NEXT:       s += a[i][j];
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}refuse_clauses.c:[[@LINE-40]]:7: note: 's' is written here
// ERR-NEXT:       s += a[i][j];
// ERR-NEXT:       ^
// ERR-NEXT: 11 errors generated.
