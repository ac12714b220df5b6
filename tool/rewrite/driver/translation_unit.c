#define _XOPEN_SOURCE 700
#include "driver/translation_unit.h"

#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* The quoted line of a diagnostic in another file (a header): read on demand, errors only. */
static char *line_from_disk(const char *path, unsigned line) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  strbuf sb;
  sb_init(&sb);
  unsigned at = 1;
  int c;
  while ((c = fgetc(f)) != EOF && at <= line) {
    if (c == '\n')
      at++;
    else if (at == line && c != '\r')
      sb_putc(&sb, (char)c);
  }
  fclose(f);
  return sb_take(&sb);
}

static void record_clang_diagnostic(CXDiagnostic d, CXFile main_file, const source_file *sf,
                                    diag_sink *sink) {
  enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
  if (sev < CXDiagnostic_Error)
    return; /* the user's compiler shows its own warnings when it builds the output */
  CXFile file;
  unsigned line, col;
  clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, &line, &col, NULL);
  CXString msg = clang_getDiagnosticSpelling(d);
  if (!file) {
    diag_record(sink, DIAG_ERROR, NULL, 0, 0, NULL, clang_getCString(msg));
  } else if (clang_File_isEqual(file, main_file)) {
    char *text = source_line_text(sf, (int)line);
    diag_record(sink, DIAG_ERROR, sf->path, (int)line, (int)col, text, clang_getCString(msg));
    free(text);
  } else {
    CXString name = clang_getFileName(file);
    char *text = line_from_disk(clang_getCString(name), line);
    diag_record(sink, DIAG_ERROR, clang_getCString(name), (int)line, (int)col, text, clang_getCString(msg));
    free(text);
    clang_disposeString(name);
  }
  clang_disposeString(msg);
}

CXTranslationUnit translation_unit_parse(CXIndex index, const char *parse_path, char *const *args,
                                         size_t nargs, const char *resource_dir, const source_file *sf,
                                         diag_sink *sink) {
  size_t n = 0;
  const char **argv = xmalloc((nargs + 4) * sizeof *argv);
  if (resource_dir) {
    argv[n++] = "-resource-dir";
    argv[n++] = resource_dir;
  }
  for (size_t i = 0; i < nargs; i++)
    argv[n++] = args[i];
  argv[n++] = "-Wno-unknown-pragmas"; /* every #pragma lsc would warn */
  CXTranslationUnit tu = NULL;
  enum CXErrorCode rc = clang_parseTranslationUnit2(index, parse_path, argv, (int)n, NULL, 0,
                                                    CXTranslationUnit_DetailedPreprocessingRecord, &tu);
  free(argv);
  if (rc != CXError_Success || !tu) {
    diag_record(sink, DIAG_ERROR, NULL, 0, 0, NULL,
                "libclang could not parse the input (check the flags after --)");
    return NULL;
  }
  CXFile main_file = clang_getFile(tu, parse_path);
  int errors_before = sink->errors;
  unsigned count = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < count; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    record_clang_diagnostic(d, main_file, sf, sink);
    clang_disposeDiagnostic(d);
  }
  if (sink->errors > errors_before) {
    clang_disposeTranslationUnit(tu);
    return NULL;
  }
  return tu;
}
