/* touch.c - lsc_touch_pages (touch.h): one atomic add of zero per page, from the range's first page. */
#include "data/touch.h"

#include <stdint.h>
#include <unistd.h>

/* Not instrumented by AddressSanitizer: a page's first byte inside a program's static segments may lie in
 * the red zone it puts between two globals, which the add leaves as it was. */
#if defined(__clang__) || defined(__GNUC__)
__attribute__((no_sanitize_address))
#endif
void lsc_touch_pages(void *p, size_t bytes) {
  if (!p || bytes == 0)
    return;
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t at = (uintptr_t)p & ~(page - 1), end = (uintptr_t)p + bytes;
  for (; at < end; at += page)
    __atomic_fetch_add((unsigned char *)at, 0, __ATOMIC_RELAXED);
}
