// Array reductions that lsc refuses, each with the way out (a read of the reduced array, a run-time section
// of an array without a declared size, 'y = v - y' which is no update); and the hint for a histogram through a pointer,
// whose size lsc does not know: the message suggests the reduction clause.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: test ! -e %t.out
#define NB 8
int key[100];

void read_inside(int *hist) {
#pragma lsc parallel for reduction(+: hist[0:NB])
  for (int i = 0; i < 100; i++) {
    hist[key[i]] += 1;
    key[i] = hist[0];
  }
}

void runtime_length(int *hist, int n) {
#pragma lsc parallel for reduction(+: hist[0:n])
  for (int i = 0; i < 100; i++)
    hist[key[i]]++;
}

void reversed_difference(double y[NB]) {
#pragma lsc parallel for reduction(+: y)
  for (int i = 0; i < 100; i++)
    y[key[i]] = 1.0 - y[key[i]];
}

void pointer_histogram(int *hist) {
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    hist[key[i]]++;
}

// ERR: array_reduction_refused.c:14:14: error: 'hist' is used here other than by updates 'x[e] += v', 'x[e] = x[e] + v', 'x[e] -= v' or 'x[e]++'; in a reduction each rank holds partial results in its own copy, so no other read or write may see them
// ERR: array_reduction_refused.c:19:43: error: the section of 'hist' in 'reduction' must be '[0:len]', with a constant length (literals and macros) unless 'hist' is declared with a constant size: each element becomes a reduction of its own
// ERR: array_reduction_refused.c:27:5: error: 'y' is used here other than by updates 'x[e] += v', 'x[e] = x[e] + v', 'x[e] -= v' or 'x[e]++'; in a reduction each rank holds partial results in its own copy, so no other read or write may see them
// ERR: array_reduction_refused.c:33:5: error: cannot tell which elements of 'hist' this write touches (the subscript is not affine in 'i'); give them with an 'out(hist[lo:len])' clause
// ERR: array_reduction_refused.c:31:1: note: every use of 'hist' updates an element with '+': if different iterations may update the same element (a histogram), make it an array reduction with 'reduction(+: hist)' (an array of constant size) or 'reduction(+: hist[0:len])'
// ERR: 4 errors generated.
