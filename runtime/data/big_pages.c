/* big_pages.c - transparent huge pages for received arrays (big_pages.h). The advice covers only whole 2 MiB
 * pages inside the range, so it never changes how memory outside the array is backed; memory use grows by at
 * most a huge page at each end of what a rank touches. The remembered ranges are a small ring: a site's
 * arrays are advised once per process, not once per loop instance. */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include "data/big_pages.h"

#include <stdint.h>
#include <sys/mman.h>

#define HUGE_PAGE ((uintptr_t)2 << 20)

static struct { uintptr_t lo, hi; } remembered[LSC_BIG_PAGES_REMEMBERED];
static unsigned next_slot;

void lsc_big_pages(void *p, size_t bytes) {
  uintptr_t lo = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
  uintptr_t hi = ((uintptr_t)p + bytes) & ~(HUGE_PAGE - 1);
  if (!p || hi <= lo)
    return;
  for (unsigned i = 0; i < LSC_BIG_PAGES_REMEMBERED; i++)
    if (remembered[i].lo <= lo && hi <= remembered[i].hi)
      return;
#ifdef MADV_HUGEPAGE
  (void)madvise((void *)lo, (size_t)(hi - lo), MADV_HUGEPAGE);
#endif
  remembered[next_slot].lo = lo;
  remembered[next_slot].hi = hi;
  next_slot = (next_slot + 1) % LSC_BIG_PAGES_REMEMBERED;
}
