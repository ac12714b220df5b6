// A write through an index array, without an out() clause.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int idx[100], out[100];
  for (int i = 0; i < 100; i++)
    idx[i] = 99 - i;
#pragma lsc parallel for
  for (int i = 0; i < 100; i++)
    out[idx[i]] = i;
  return out[0];
}


// ERR: {{.*}}indirect_write.c:[[@LINE-5]]:5: error: cannot tell which elements of 'out' this write touches (the subscript is not affine in 'i'); give them with an 'out(out[lo:len])' clause
// ERR-NEXT:     out[idx[i]] = i;
// ERR-NEXT:     ^
// ERR-NEXT: 1 error generated.
