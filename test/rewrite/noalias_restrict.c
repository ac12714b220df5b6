// `restrict` pointers and the noalias clause promise that an array overlaps none of the loop's others: its
// descriptor carries LSC_VAR_NOALIAS and the run-time overlap check skips it. Without a promise, pointers
// are checked at run time (alias_run_time_check.c).
// RUN: %lsc-rewrite %s -o - | FileCheck %s
// RUN: not %lsc-rewrite %s -o %t.bad.c -- -DSCALAR 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: not %lsc-rewrite %s -o %t.bad.c -- -DTWICE 2>&1 | FileCheck %s --check-prefix=TWICE

void axpy(int n, double alpha, const double *restrict x, double *restrict y) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    y[i] += alpha * x[i];
}
// CHECK-LABEL: lsc_vars[] = {
// CHECK: {"y", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_WRITE | LSC_VAR_NOALIAS,
// CHECK: {"x", LSC_VAR_ARRAY, LSC_VAR_READ | LSC_VAR_NOALIAS,

void scale(int n, double *out, const double *in) {
#pragma lsc parallel for noalias(out)
  for (int i = 0; i < n; i++)
    out[i] = 2 * in[i];
}
// CHECK-LABEL: lsc_vars[] = {
// CHECK: {"out", LSC_VAR_ARRAY, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT | LSC_VAR_NOALIAS,
// CHECK: {"in", LSC_VAR_ARRAY, LSC_VAR_READ,

#ifdef SCALAR
void scalar(int n, double *out, double s) {
#pragma lsc parallel for noalias(s)
  for (int i = 0; i < n; i++)
    out[i] = s;
}
// SCALAR: noalias_restrict.c:[[@LINE-4]]:34: error: 's' in a 'noalias' clause is not an array or a pointer
#endif

#ifdef TWICE
void twice(int n, double *out) {
#pragma lsc parallel for noalias(out) noalias(out)
  for (int i = 0; i < n; i++)
    out[i] = 1;
}
// TWICE: noalias_restrict.c:[[@LINE-4]]:47: error: 'out' appears in more than one 'noalias' clause
#endif
