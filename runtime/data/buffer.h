/* buffer.h - growable byte buffers for messages, and a bounds-checked reader for what arrives.
 * Buffers are reused from chunk to chunk: they grow to the largest message and stay there. */
#ifndef LSC_DATA_BUFFER_H
#define LSC_DATA_BUFFER_H

#include <stddef.h>
#include <stdint.h>

typedef struct lsc_buffer {
  unsigned char *data;
  size_t len, capacity;
} lsc_buffer;

/* Makes room for `more` bytes after len; returns the write position or NULL when memory runs out. */
void *lsc_buffer_grow(lsc_buffer *b, size_t more);
int lsc_buffer_put(lsc_buffer *b, const void *src, size_t n);
int lsc_buffer_put_i64(lsc_buffer *b, int64_t v);
int lsc_buffer_put_f64(lsc_buffer *b, double v);
void lsc_buffer_free(lsc_buffer *b);

typedef struct lsc_reader {
  const unsigned char *at;
  size_t left;
  int short_read; /* set once a read asked for more than was left; the reads after it yield zeros */
} lsc_reader;

lsc_reader lsc_reader_of(const void *data, size_t len);
void lsc_read(lsc_reader *r, void *dst, size_t n);
int64_t lsc_read_i64(lsc_reader *r);
double lsc_read_f64(lsc_reader *r);
/* Returns the current position and skips n bytes (NULL on a short read): lets data be copied in place. */
const void *lsc_read_skip(lsc_reader *r, size_t n);

#endif
