/* source_file.h - an input file's bytes and its line table, so offsets from libclang map to line:column
 * and diagnostics can quote the source line. */
#ifndef LSC_REWRITE_SOURCE_FILE_H
#define LSC_REWRITE_SOURCE_FILE_H

#include <stddef.h>

typedef struct source_file {
  char *path; /* as the user spelled it: diagnostics and #line directives repeat it */
  char *text; /* the exact bytes, NUL-terminated */
  size_t len;
  size_t *line_starts; /* offset of the first byte of each line */
  int nlines;
} source_file;

/* 0 on success; -1 if the file cannot be read (errno set). */
int source_file_load(source_file *sf, const char *path);
/* Adopts an in-memory buffer (unit tests). */
void source_file_from_text(source_file *sf, const char *path, const char *text, size_t len);
void source_file_free(source_file *sf);

int source_line_of(const source_file *sf, size_t offset);   /* 1-based */
int source_column_of(const source_file *sf, size_t offset); /* 1-based, in bytes like clang */
size_t source_offset_of(const source_file *sf, int line, int col);
/* The text of a 1-based line without its newline, as a fresh string. */
char *source_line_text(const source_file *sf, int line);
/* The offset of the first byte from `offset` that is not a space or a tab (sf->len at the end). */
size_t source_skip_blanks(const source_file *sf, size_t offset);
size_t source_line_start(const source_file *sf, int line);
/* The end of a statement whose libclang extent ends at `end`: past its `;` when one follows after blanks
 * (an expression statement's extent, and so a loop's whose body is one, stops before it), else `end`. */
size_t source_statement_end(const source_file *sf, size_t end);

#endif
