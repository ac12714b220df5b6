/* Diagnostics print like clang: location, level, message, the source line, a caret under the column
 * (tabs kept), notes after their diagnostic, and the summary line; warnings carry their -W name and obey
 * -w, -Werror, -Wno-<name>, -Werror=<name>, -Wno-error=<name>; fix-its print under the caret. */
#include "support/diag.h"
#include "unit.h"

#include <stdlib.h>

static char *render_with(const diag_sink *sink, const diag_style *style) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  diag_print(sink, style, f);
  fclose(f);
  return buf;
}

static diag_style style_of(int werror, int remarks) {
  diag_style style = {0, remarks, 0, {0}};
  warning_policy_init(&style.warnings);
  style.warnings.werror = werror;
  return style;
}

static char *render(const diag_sink *sink, int werror, int remarks) {
  diag_style style = style_of(werror, remarks);
  return render_with(sink, &style);
}

/* The style after the given options, applied in order as the command line would. */
static diag_style style_after(const char *const *args) {
  diag_style style = style_of(0, 0);
  const char *nearest;
  for (; *args; args++)
    CHECK_EQ_INT(warning_policy_apply(&style.warnings, *args, &nearest), 0);
  return style;
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
  diag_set_group(&sink, WARN_IO_IN_LOOP);
  char *quiet = render(&sink, 0, 0);
  CHECK_EQ_STR(quiet,
               "t.c:2:1: warning: careful [-Wlsc-io-in-loop]\n\tint x = y;\n^\n1 warning generated.\n");
  char *strict = render(&sink, 1, 1);
  CHECK_EQ_STR(strict,
               "t.c:1:1: remark: seen\nint main(void) {\n^\nt.c:1:1: note: note of the remark\n"
               "int main(void) {\n^\nt.c:2:1: error: careful [-Werror,-Wlsc-io-in-loop]\n\tint x = y;\n^\n"
               "1 error generated.\n");
  diag_style loose = style_of(0, 0), hard = style_of(1, 0);
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
  diag_set_group(&sink, WARN_COMPILE_DB);
  char *out = render(&sink, 0, 0);
  CHECK_EQ_STR(out, "lsc-rewrite: error: cannot read 'x.c'\nlsc-rewrite: warning: w [-Wlsc-compile-db]\n"
                    "1 warning and 1 error generated.\n");
  free(out);
  diag_sink_free(&sink);
  source_file_free(&sf);
}

static void test_warning_policy(void) {
  source_file sf = sample();
  diag_sink sink;
  diag_sink_init(&sink);
  diag_warning_at(&sink, WARN_IO_IN_LOOP, &sf, 2, 2, "io");
  diag_at(&sink, DIAG_NOTE, &sf, 1, 1, "note of io");
  diag_warning_at(&sink, WARN_UNUSED_CLAUSE_ITEM, &sf, 2, 6, "unused");
  const char *none[] = {"-w", NULL}, *off[] = {"-Wno-lsc-io-in-loop", NULL},
             *one_error[] = {"-Werror=lsc-unused-clause-item", NULL},
             *all_but_one[] = {"-Werror", "-Wno-error=lsc-io-in-loop", NULL},
             *back_on[] = {"-Wno-lsc-io-in-loop", "-Wlsc-io-in-loop", NULL};
  diag_style s = style_after(none);
  char *out = render_with(&sink, &s);
  CHECK_EQ_STR(out, "");
  CHECK_EQ_INT(diag_failed(&sink, &s), 0);
  free(out);
  s = style_after(off); /* the warning and its note go; the other stays */
  out = render_with(&sink, &s);
  CHECK_EQ_STR(out, "t.c:2:6: warning: unused [-Wlsc-unused-clause-item]\n\tint x = y;\n\t    ^\n"
                    "1 warning generated.\n");
  free(out);
  s = style_after(one_error);
  CHECK_EQ_INT(diag_failed(&sink, &s), 1);
  out = render_with(&sink, &s);
  CHECK(strstr(out, "warning: io [-Wlsc-io-in-loop]") != NULL);
  CHECK(strstr(out, "error: unused [-Werror,-Wlsc-unused-clause-item]") != NULL);
  free(out);
  s = style_after(all_but_one);
  out = render_with(&sink, &s);
  CHECK(strstr(out, "warning: io [-Wlsc-io-in-loop]") != NULL);
  CHECK(strstr(out, "error: unused [-Werror,-Wlsc-unused-clause-item]") != NULL);
  free(out);
  s = style_after(back_on);
  out = render_with(&sink, &s);
  CHECK(strstr(out, "warning: io [-Wlsc-io-in-loop]") != NULL);
  free(out);
  /* Not lsc's: -1; an lsc-like name that does not exist: -2 with the nearest name. */
  const char *nearest;
  CHECK_EQ_INT(warning_policy_apply(&s.warnings, "-Wshadow", &nearest), -2);
  CHECK(nearest == NULL);
  CHECK_EQ_INT(warning_policy_apply(&s.warnings, "-Wlsc-io-in-lop", &nearest), -2);
  CHECK_EQ_STR(nearest, "lsc-io-in-loop");
  CHECK_EQ_INT(warning_policy_apply(&s.warnings, "-O2", &nearest), -1);
  diag_sink_free(&sink);
  source_file_free(&sf);
}

static void test_fixits(void) {
  source_file sf;
  const char *text = "#pragma lsc parallel for sched(gss)\n";
  source_file_from_text(&sf, "f.c", text, strlen(text));
  diag_sink sink;
  diag_sink_init(&sink);
  diag_at(&sink, DIAG_ERROR, &sf, 1, 26, "unknown clause 'sched'; did you mean 'schedule'?");
  diag_fixit(&sink, 26, 5, "schedule");
  diag_at(&sink, DIAG_NOTE, &sf, 1, 36, "add it");
  diag_fixit(&sink, 36, 0, " private(t)");
  diag_style style = style_of(0, 0);
  style.parseable_fixits = 1;
  char *out = render_with(&sink, &style);
  CHECK_EQ_STR(out, "f.c:1:26: error: unknown clause 'sched'; did you mean 'schedule'?\n"
                    "#pragma lsc parallel for sched(gss)\n"
                    "                         ^~~~~\n"
                    "                         schedule\n"
                    "fix-it:\"f.c\":{1:26-1:31}:\"schedule\"\n"
                    "f.c:1:36: note: add it\n"
                    "#pragma lsc parallel for sched(gss)\n"
                    "                                   ^\n"
                    "                                    private(t)\n"
                    "fix-it:\"f.c\":{1:36-1:36}:\" private(t)\"\n"
                    "1 error generated.\n");
  free(out);
  diag_sink_free(&sink);
  source_file_free(&sf);
}

int main(void) {
  RUN(test_error_with_caret_and_note);
  RUN(test_warning_policy);
  RUN(test_fixits);
  RUN(test_werror_and_remarks);
  RUN(test_locationless_and_line_table);
  return unit_result();
}
