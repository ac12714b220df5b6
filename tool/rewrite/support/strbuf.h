/* strbuf.h - growable strings: the rewriter builds its output and its messages with these. */
#ifndef LSC_REWRITE_STRBUF_H
#define LSC_REWRITE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct strbuf {
  char *data; /* always NUL-terminated once anything was appended */
  size_t len, cap;
} strbuf;

void sb_init(strbuf *sb);
void sb_free(strbuf *sb);
void sb_append(strbuf *sb, const char *bytes, size_t n);
void sb_puts(strbuf *sb, const char *s);
void sb_putc(strbuf *sb, char c);
void sb_printf(strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(strbuf *sb, const char *fmt, va_list ap);
/* The text so far ("" when empty); the buffer keeps owning it. */
const char *sb_str(const strbuf *sb);
/* Hands the text to the caller (never NULL) and leaves sb empty. */
char *sb_take(strbuf *sb);

/* Allocation that cannot fail quietly: the tool stops with a message instead of crashing later. */
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Appends one element to a growable array `*items` of `*count` elements with capacity `*cap`. */
#define VEC_PUSH(items, count, cap, value)                                                                   \
  do {                                                                                                       \
    if ((count) == (cap)) {                                                                                  \
      (cap) = (cap) ? 2 * (cap) : 8;                                                                         \
      (items) = xrealloc((items), (cap) * sizeof *(items));                                                  \
    }                                                                                                        \
    (items)[(count)++] = (value);                                                                            \
  } while (0)

#endif
