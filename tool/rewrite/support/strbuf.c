#define _XOPEN_SOURCE 700
#include "support/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void) {
  fputs("lsc-rewrite: out of memory\n", stderr);
  exit(1);
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    out_of_memory();
  return p;
}

void *xcalloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p)
    out_of_memory();
  return p;
}

void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q)
    out_of_memory();
  return q;
}

char *xstrdup(const char *s) {
  return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n) {
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

char *xasprintf(const char *fmt, ...) {
  strbuf sb;
  sb_init(&sb);
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  return sb_take(&sb);
}

void sb_init(strbuf *sb) {
  sb->data = NULL;
  sb->len = sb->cap = 0;
}

void sb_free(strbuf *sb) {
  free(sb->data);
  sb_init(sb);
}

static void reserve(strbuf *sb, size_t extra) {
  if (sb->len + extra + 1 <= sb->cap)
    return;
  size_t cap = sb->cap ? sb->cap : 64;
  while (cap < sb->len + extra + 1)
    cap *= 2;
  sb->data = xrealloc(sb->data, cap);
  sb->cap = cap;
}

void sb_append(strbuf *sb, const char *bytes, size_t n) {
  reserve(sb, n);
  memcpy(sb->data + sb->len, bytes, n);
  sb->len += n;
  sb->data[sb->len] = '\0';
}

void sb_puts(strbuf *sb, const char *s) {
  sb_append(sb, s, strlen(s));
}

void sb_putc(strbuf *sb, char c) {
  sb_append(sb, &c, 1);
}

void sb_vprintf(strbuf *sb, const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n < 0) {
    va_end(again);
    return;
  }
  reserve(sb, (size_t)n);
  vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, again);
  sb->len += (size_t)n;
  va_end(again);
}

void sb_printf(strbuf *sb, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(sb, fmt, ap);
  va_end(ap);
}

const char *sb_str(const strbuf *sb) {
  return sb->data ? sb->data : "";
}

char *sb_take(strbuf *sb) {
  char *s = sb->data ? sb->data : xstrdup("");
  sb_init(sb);
  return s;
}
