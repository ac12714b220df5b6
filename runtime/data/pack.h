/* pack.h - copies the spans of an array into a message and back out of it. */
#ifndef LSC_DATA_PACK_H
#define LSC_DATA_PACK_H

#include "data/buffer.h"
#include "data/slice.h"

/* Appends the elements of every span of `base` (elem bytes each) to b. Returns 0, -1 when memory runs out. */
int lsc_pack_spans(lsc_buffer *b, const void *base, size_t elem, const lsc_span_list *spans);
/* Copies the elements of every span from r into base. Returns 0, -1 when the message is too short. */
int lsc_unpack_spans(lsc_reader *r, void *base, size_t elem, const lsc_span_list *spans);

#endif
