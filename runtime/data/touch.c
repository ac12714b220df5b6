/* touch.c - lsc_touch_pages (touch.h): one atomic add of zero per page, from the range's first page, looking
 * at the stop flag every LSC_TOUCH_CHECK bytes. */
#include "data/touch.h"

#include <stdint.h>
#include <unistd.h>

/* Not instrumented by AddressSanitizer: a page's first byte inside a program's static segments may lie in
 * the red zone it puts between two globals, which the add leaves as it was. */
#if defined(__clang__) || defined(__GNUC__)
__attribute__((no_sanitize_address))
#endif
size_t
lsc_touch_pages_until(void *p, size_t bytes, const atomic_int *stop) {
  if (!p || bytes == 0)
    return 0;
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t first = (uintptr_t)p & ~(page - 1), at = first, end = (uintptr_t)p + bytes;
  for (; at < end; at += page) {
    if (stop && (at - first) % LSC_TOUCH_CHECK == 0 && at > first &&
        atomic_load_explicit(stop, memory_order_relaxed))
      break;
    __atomic_fetch_add((unsigned char *)at, 0, __ATOMIC_RELAXED);
  }
  return (size_t)(at - first);
}

void lsc_touch_pages(void *p, size_t bytes) {
  (void)lsc_touch_pages_until(p, bytes, NULL);
}
