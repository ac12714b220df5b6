/* alias_check.c - decides, per loop instance, whether its arrays may be moved separately: none reaches
 * below its element 0 (the runtime moves [0, extent)), no two overlap where one is written. The note is
 * printed once per loop site (a time-stepped code would otherwise print it every step); each fallback is
 * counted in the loop's LSC_STATS row. */
#include "exec/alias_check.h"
#include "data/overlap.h"

#include <stdio.h>
#include <unistd.h>

enum { NOTED_MAX = 64 };
static const void *noted[NOTED_MAX];
static int nnoted;

static int noted_before(const void *site) {
  for (int i = 0; i < nnoted; i++)
    if (noted[i] == site)
      return 1;
  if (nnoted < NOTED_MAX)
    noted[nnoted++] = site;
  return 0;
}

/* One line, one write(2), as lsc_fatal does: other ranks' output cannot split it. */
static void note(const char *text, int len, size_t size) {
  if (len <= 0)
    return;
  fflush(stderr);
  ssize_t ignored = write(STDERR_FILENO, text, (size_t)len < size ? (size_t)len : size - 1);
  (void)ignored;
}

int lsc_instance_overlaps(const void *site, const char *file, int line, const lsc_var *vars, int nvars,
                          const void *env, int64_t n, char *why, size_t why_len) {
  int first, second;
  if (lsc_find_below_zero(vars, nvars, n, &first)) {
    const char *p = vars[first].name ? vars[first].name : "?";
    snprintf(why, why_len, "none ('%s' is subscripted below its element 0)", p);
    if (!noted_before(site)) {
      char text[512];
      int len =
          snprintf(text, sizeof text,
                   "lsc: note: %s:%d: '%s' is subscripted below its element 0 (a pointer into an array); "
                   "the loop runs on rank 0 alone\n",
                   file ? file : "?", line, p);
      note(text, len, sizeof text);
    }
    return 1;
  }
  if (!lsc_find_overlap(vars, nvars, env, n, &first, &second))
    return 0;
  const char *a = vars[first].name ? vars[first].name : "?", *b = vars[second].name ? vars[second].name : "?";
  snprintf(why, why_len, "none (arrays overlap: '%s' and '%s')", a, b);
  if (!noted_before(site)) {
    char line_text[512];
    int len = snprintf(line_text, sizeof line_text,
                       "lsc: note: %s:%d: '%s' and '%s' overlap in memory and one of them is written; the "
                       "loop runs on rank 0 alone (noalias(...) or restrict promise they do not)\n",
                       file ? file : "?", line, a, b);
    note(line_text, len, sizeof line_text);
  }
  return 1;
}
