// A gather through a pointer of unknown size, without an in() clause.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
void gather(const double *src, const int *idx, double *dst, int n) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++)
    dst[i] = src[idx[i]];
}

// ERR: {{.*}}pointer_whole_read.c:[[@LINE-3]]:14: error: cannot tell which elements of 'src' are read here and its size is unknown; give them with an 'in(src[0:len])' clause (a section that does not depend on 'i' is sent once per loop)
// ERR-NEXT:     dst[i] = src[idx[i]];
// ERR-NEXT:              ^
// ERR-NEXT: 1 error generated.
