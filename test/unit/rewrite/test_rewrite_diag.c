/* Diagnostics print like clang: location, level, message, the source line, a caret under the column
 * (tabs kept), notes after their diagnostic, and the summary line. */
#include "support/diag.h"
#include "unit.h"

#include <stdlib.h>

static char *render(const diag_sink *sink, int werror, int remarks) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  diag_style style = {0, werror, remarks};
  diag_print(sink, &style, f);
  fclose(f);
  return buf;
}

static source_file sample(void) {
  source_file sf;
  const char *text = "int main(void) {\n\tint x = y;\n}\n";
  source_file_from_text(&sf, "t.c", text, strlen(text));
  return sf;
}

static void test_error_with_caret_and_note(void) {
  source_file sf = sample();
  diag_sink sink;
  diag_sink_init(&sink);
  diag_at(&sink, DIAG_ERROR, &sf, 2, 10, "use of '%s'", "y");
  diag_at(&sink, DIAG_NOTE, &sf, 1, 5, "in here");
  char *out = render(&sink, 0, 0);
  CHECK_EQ_STR(out, "t.c:2:10: error: use of 'y'\n\tint x = y;\n\t        ^\n"
                    "t.c:1:5: note: in here\nint main(void) {\n    ^\n1 error generated.\n");
  CHECK_EQ_INT(sink.errors, 1);
  free(out);
  diag_sink_free(&sink);
  source_file_free(&sf);
}

static void test_werror_and_remarks(void) {
  source_file sf = sample();
  diag_sink sink;
  diag_sink_init(&sink);
  diag_at_offset(&sink, DIAG_REMARK, &sf, 0, "seen");
  diag_at_offset(&sink, DIAG_NOTE, &sf, 0, "note of the remark");
  diag_at_offset(&sink, DIAG_WARNING, &sf, 17, "careful");
  char *quiet = render(&sink, 0, 0);
  CHECK_EQ_STR(quiet, "t.c:2:1: warning: careful\n\tint x = y;\n^\n1 warning generated.\n");
  char *strict = render(&sink, 1, 1);
  CHECK_EQ_STR(strict, "t.c:1:1: remark: seen\nint main(void) {\n^\nt.c:1:1: note: note of the remark\n"
                       "int main(void) {\n^\nt.c:2:1: error: careful [-Werror]\n\tint x = y;\n^\n"
                       "1 error generated.\n");
  diag_style loose = {0, 0, 0}, hard = {0, 1, 0};
  CHECK_EQ_INT(diag_failed(&sink, &loose), 0);
  CHECK_EQ_INT(diag_failed(&sink, &hard), 1);
  free(quiet);
  free(strict);
  diag_sink_free(&sink);
  source_file_free(&sf);
}

static void test_locationless_and_line_table(void) {
  source_file sf = sample();
  CHECK_EQ_INT(source_line_of(&sf, 17), 2);
  CHECK_EQ_INT(source_column_of(&sf, 19), 3);
  CHECK_EQ_INT(source_offset_of(&sf, 3, 1), 29);
  diag_sink sink;
  diag_sink_init(&sink);
  diag_record(&sink, DIAG_ERROR, NULL, 0, 0, NULL, "cannot read 'x.c'");
  diag_record(&sink, DIAG_WARNING, NULL, 0, 0, NULL, "w");
  char *out = render(&sink, 0, 0);
  CHECK_EQ_STR(
      out,
      "lsc-rewrite: error: cannot read 'x.c'\nlsc-rewrite: warning: w\n1 warning and 1 error generated.\n");
  free(out);
  diag_sink_free(&sink);
  source_file_free(&sf);
}

int main(void) {
  RUN(test_error_with_caret_and_note);
  RUN(test_werror_and_remarks);
  RUN(test_locationless_and_line_table);
  return unit_result();
}
