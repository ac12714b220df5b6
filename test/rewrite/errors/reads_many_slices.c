// Reads of a pointer of unknown size at five different strides: no one range holds them, and five slices are
// more than a footprint has (at most 4). Refused at the first read, with the clause that gives them.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --match-full-lines
// RUN: test ! -e %t.out
static void spread(const int *p, int *out) {
#pragma lsc parallel for
  for (int i = 0; i < 20; i++)
    out[i] = p[i] + p[2 * i + 1] + p[3 * i + 2] + p[4 * i + 3] + p[5 * i + 4];
}
int main(void) {
  static int p[200], out[20];
  for (int i = 0; i < 200; i++)
    p[i] = i;
  spread(p, out);
  return out[3] % 2;
}

// CHECK: {{.*}}reads_many_slices.c:9:14: error: the reads of 'p' do not form one range per iteration, nor at most 4 slices, and its size is unknown; give the elements each iteration reads with an 'in(p[lo:len])' clause
// CHECK-NEXT:     out[i] = p[i] + p[2 * i + 1] + p[3 * i + 2] + p[4 * i + 3] + p[5 * i + 4];
// CHECK-NEXT:              ^
// CHECK-NEXT: 1 error generated.
