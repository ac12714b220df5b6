#include "data/pack.h"

#include <string.h>

int lsc_pack_spans(lsc_buffer *b, const void *base, size_t elem, const lsc_span_list *spans) {
  const unsigned char *bytes = base;
  for (size_t i = 0; i < spans->count; i++) {
    const lsc_span *s = &spans->spans[i];
    if (lsc_buffer_put(b, bytes + (size_t)s->start * elem, (size_t)(s->end - s->start) * elem) != 0)
      return -1;
  }
  return 0;
}

int lsc_unpack_spans(lsc_reader *r, void *base, size_t elem, const lsc_span_list *spans) {
  unsigned char *bytes = base;
  for (size_t i = 0; i < spans->count; i++) {
    const lsc_span *s = &spans->spans[i];
    size_t n = (size_t)(s->end - s->start) * elem;
    const void *src = lsc_read_skip(r, n);
    if (!src)
      return -1;
    memcpy(bytes + (size_t)s->start * elem, src, n);
  }
  return 0;
}
