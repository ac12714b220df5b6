/* location_diag.c - a source location to file:line:col and a quoted line. The main file goes through its
 * source_file (the bytes the rewriter splices, so lines agree with every other diagnostic); another file is
 * read from libclang's own buffer of it, never from disk again, so the line quoted is the line parsed. */
#define _XOPEN_SOURCE 700
#include "support/location_diag.h"

#include "support/strbuf.h"

#include <stdlib.h>

char *file_line_text(CXTranslationUnit tu, CXFile file, unsigned line) {
  size_t size = 0;
  const char *text = file ? clang_getFileContents(tu, file, &size) : NULL;
  if (!text)
    return NULL;
  size_t at = 0;
  for (unsigned l = 1; l < line && at < size; at++)
    if (text[at] == '\n')
      l++;
  size_t end = at;
  while (end < size && text[end] != '\n' && text[end] != '\r')
    end++;
  return xstrndup(text + at, end - at);
}

void vdiag_at_location(diag_sink *sink, diag_level level, CXTranslationUnit tu, const source_file *sf,
                       CXSourceLocation loc, const char *fmt, va_list ap) {
  strbuf msg;
  sb_init(&msg);
  sb_vprintf(&msg, fmt, ap);
  CXFile file;
  unsigned line, col, offset;
  clang_getExpansionLocation(loc, &file, &line, &col, &offset);
  CXString tu_name = clang_getTranslationUnitSpelling(tu);
  CXFile main_file = clang_getFile(tu, clang_getCString(tu_name));
  clang_disposeString(tu_name);
  if (!file || clang_File_isEqual(file, main_file)) {
    diag_at_offset(sink, level, sf, offset, "%s", sb_str(&msg));
  } else {
    CXString name = clang_getFileName(file);
    char *text = file_line_text(tu, file, line);
    diag_record(sink, level, clang_getCString(name), (int)line, (int)col, text, sb_str(&msg));
    free(text);
    clang_disposeString(name);
  }
  sb_free(&msg);
}

void diag_at_location(diag_sink *sink, diag_level level, CXTranslationUnit tu, const source_file *sf,
                      CXSourceLocation loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag_at_location(sink, level, tu, sf, loc, fmt, ap);
  va_end(ap);
}
