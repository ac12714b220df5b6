// in(p) without a section on a pointer of unknown size: the error asks for a section, in the form that is
// sent once per loop.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
void scale(const double *src, double *dst, int n) {
#pragma lsc parallel for in(src)
  for (int i = 0; i < n; i++)
    dst[i] = src[(i * 7) % n];
}

// ERR: {{.*}}in_whole_unknown_size.c:[[@LINE-5]]:29: error: the size of 'src' is unknown; give a section: 'src[0:len]' (a section that does not depend on 'i' is sent once per loop)
// ERR-NEXT: #pragma lsc parallel for in(src)
// ERR-NEXT:                             ^
// ERR-NEXT: 1 error generated.
