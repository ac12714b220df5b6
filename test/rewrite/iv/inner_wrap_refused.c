// An inner loop whose unsigned char variable wraps around (h, ..., 255, 0, ..., t - 1) sweeps no one interval:
// its writes cannot be sliced, and the loop is refused with the way out (inner_loop_types.c gives the clause).
// Before, the range [h, t - 1] was taken as written, and the writes came back to the wrong elements.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int ring[12][256];

void f(unsigned char head, unsigned char tail) {
#pragma lsc parallel for
  for (int i = 0; i < 12; i++)
    for (unsigned char j = head; j != tail; j++)
      ring[i][j] = i * 1000 + j;
}

// ERR: {{.*}}inner_wrap_refused.c:13:7: error: cannot tell which elements of 'ring' this write touches (the subscript is not affine in 'i'); give them with an 'out(ring[lo:len])' clause
// ERR-NEXT:       ring[i][j] = i * 1000 + j;
// ERR-NEXT:       ^
// ERR-NEXT: {{.*}}inner_wrap_refused.c:12:34: note: 'j' ('unsigned char') may wrap around inside this loop, so its values are not one interval
// ERR-NEXT:     for (unsigned char j = head; j != tail; j++)
// ERR-NEXT:                                  ^
// ERR-NEXT: 1 error generated.
