#define _XOPEN_SOURCE 700
#include "support/source_file.h"

#include "support/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void index_lines(source_file *sf) {
  size_t cap = 64;
  sf->line_starts = xmalloc(cap * sizeof *sf->line_starts);
  sf->nlines = 0;
  sf->line_starts[sf->nlines++] = 0;
  for (size_t i = 0; i < sf->len; i++) {
    if (sf->text[i] != '\n')
      continue;
    if ((size_t)sf->nlines == cap) {
      cap *= 2;
      sf->line_starts = xrealloc(sf->line_starts, cap * sizeof *sf->line_starts);
    }
    sf->line_starts[sf->nlines++] = i + 1;
  }
}

void source_file_from_text(source_file *sf, const char *path, const char *text, size_t len) {
  sf->path = xstrdup(path);
  sf->text = xstrndup(text, len);
  sf->len = len;
  index_lines(sf);
}

int source_file_load(source_file *sf, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  strbuf sb;
  sb_init(&sb);
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    sb_append(&sb, chunk, n);
  int failed = ferror(f);
  fclose(f);
  if (failed) {
    sb_free(&sb);
    return -1;
  }
  size_t len = sb.len;
  sf->path = xstrdup(path);
  sf->text = sb_take(&sb);
  sf->len = len;
  index_lines(sf);
  return 0;
}

void source_file_free(source_file *sf) {
  free(sf->path);
  free(sf->text);
  free(sf->line_starts);
  memset(sf, 0, sizeof *sf);
}

int source_line_of(const source_file *sf, size_t offset) {
  int lo = 0, hi = sf->nlines - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (sf->line_starts[mid] <= offset)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo + 1;
}

int source_column_of(const source_file *sf, size_t offset) {
  return (int)(offset - sf->line_starts[source_line_of(sf, offset) - 1]) + 1;
}

size_t source_line_start(const source_file *sf, int line) {
  if (line < 1)
    return 0;
  if (line > sf->nlines)
    return sf->len;
  return sf->line_starts[line - 1];
}

size_t source_offset_of(const source_file *sf, int line, int col) {
  size_t off = source_line_start(sf, line) + (size_t)(col > 0 ? col - 1 : 0);
  return off > sf->len ? sf->len : off;
}

char *source_line_text(const source_file *sf, int line) {
  size_t start = source_line_start(sf, line), end = start;
  while (end < sf->len && sf->text[end] != '\n' && sf->text[end] != '\r')
    end++;
  return xstrndup(sf->text + start, end - start);
}

size_t source_skip_blanks(const source_file *sf, size_t offset) {
  while (offset < sf->len && (sf->text[offset] == ' ' || sf->text[offset] == '\t'))
    offset++;
  return offset;
}

size_t source_statement_end(const source_file *sf, size_t end) {
  size_t i = end;
  while (i < sf->len &&
         (sf->text[i] == ' ' || sf->text[i] == '\t' || sf->text[i] == '\n' || sf->text[i] == '\r'))
    i++;
  return i < sf->len && sf->text[i] == ';' ? i + 1 : end;
}
