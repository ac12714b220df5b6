/* Unit tests of data/prefault.c and data/big_pages.c: the rule of what fits on a node, and that faulting in
 * this test program's own static arrays keeps every byte they hold (a touch adds zero: data/touch.h),
 * big-page advice included. */
#include "data/big_pages.h"
#include "data/prefault.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#define ARRAY_BYTES (8u << 20)
/* Not static: the compiler must keep them as they are, even the array nothing here writes. */
unsigned char set_early[ARRAY_BYTES]; /* .bss, written before the prefault */
unsigned char zeros[ARRAY_BYTES];     /* .bss, never written */
int initialised[4] = {1, 2, 3, 4};    /* .data */

static void test_fits(void) {
  /* 1 GB of segments, 4 ranks on a 16 GB node: 4 GB <= 8 GB */
  CHECK_EQ_INT(lsc_prefault_fits((size_t)1 << 30, 4, 16e9), 1);
  /* 3 GB x 4 ranks = 12 GB > half of 16 GB */
  CHECK_EQ_INT(lsc_prefault_fits((size_t)3 << 30, 4, 16e9), 0);
  /* nothing to do, or a node whose memory is unknown */
  CHECK_EQ_INT(lsc_prefault_fits(0, 1, 16e9), 0);
  CHECK_EQ_INT(lsc_prefault_fits(4096, 1, 0), 0);
  /* a rank count of 0 (unknown) counts as one rank */
  CHECK_EQ_INT(lsc_prefault_fits((size_t)1 << 30, 0, 4e9), 1);
}

static void test_contents_kept(void) {
  for (size_t i = 0; i < ARRAY_BYTES; i += 4093)
    set_early[i] = (unsigned char)(i * 7 + 1);
  size_t planned = lsc_prefault_begin(1);
  /* Both arrays, in writable segments: planned whenever they fit (they do: 16 MB on any test machine). */
  CHECK(planned >= 2 * ARRAY_BYTES);
  int steps = 0;
  while (lsc_prefault_step())
    steps++;
  CHECK(steps >= (int)(2 * ARRAY_BYTES >> 21));
  int kept = 1;
  for (size_t i = 0; i < ARRAY_BYTES; i++)
    if (set_early[i] != (i % 4093 == 0 ? (unsigned char)(i * 7 + 1) : 0) || zeros[i] != 0)
      kept = 0;
  CHECK_EQ_INT(kept, 1);
  CHECK(initialised[0] == 1 && initialised[3] == 4);
  /* done: further steps do nothing */
  CHECK_EQ_INT(lsc_prefault_step(), 0);
}

static void test_big_pages_keep_contents(void) {
  size_t bytes = 6u << 20;
  unsigned char *p = malloc(bytes);
  CHECK(p != NULL);
  memset(p, 0x5a, bytes);
  lsc_big_pages(p, bytes);
  lsc_big_pages(p, bytes); /* remembered: no second advice, and no harm either way */
  lsc_big_pages(p, 4096);  /* less than a huge page: nothing to advise */
  lsc_big_pages(NULL, bytes);
  int same = 1;
  for (size_t i = 0; i < bytes; i++)
    same &= p[i] == 0x5a;
  CHECK_EQ_INT(same, 1);
  free(p);
}

int main(void) {
  RUN(test_fits);
  RUN(test_contents_kept);
  RUN(test_big_pages_keep_contents);
  return unit_result();
}
