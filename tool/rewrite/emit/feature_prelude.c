/* feature_prelude.c - finds the feature-test macros a file defines before its first include.
 *
 * The C library reads feature-test macros (_GNU_SOURCE, _POSIX_C_SOURCE, _DEFAULT_SOURCE, ...) once, at the
 * first system header; lsc.h includes <stdint.h>, so an `#include <lsc.h>` put above them would switch them
 * off, and functions such as drand48 or strdup would then be implicitly declared (returning int) in the lsc
 * build only: a silent wrong answer. The generated include therefore goes after them. Only reserved names
 * (an underscore and a capital or a second underscore) count: a user macro such as `#define N 100` stays
 * below lsc.h, which must not see it.
 *
 * The scan is textual, like the preprocessor's first phases: blank lines, comments and directives
 * `# define|undef _Xxx ...` (with backslash continuations) are the prelude; anything else ends it. */
#include "emit/feature_prelude.h"

#include <ctype.h>
#include <string.h>

/* The offset after blanks and comments from i; i itself when a comment is not closed. */
static size_t skip_blank_and_comments(const char *t, size_t n, size_t i) {
  for (;;) {
    while (i < n && isspace((unsigned char)t[i]))
      i++;
    if (i + 1 < n && t[i] == '/' && t[i + 1] == '*') {
      const char *end = strstr(t + i + 2, "*/");
      if (!end || (size_t)(end - t) >= n)
        return i;
      i = (size_t)(end - t) + 2;
    } else if (i + 1 < n && t[i] == '/' && t[i + 1] == '/') {
      while (i < n && t[i] != '\n')
        i++;
    } else {
      return i;
    }
  }
}

/* The offset after the logical line that starts at i (continuation lines included). */
static size_t end_of_logical_line(const char *t, size_t n, size_t i) {
  while (i < n) {
    if (t[i] == '\n' && !(i > 0 && t[i - 1] == '\\'))
      return i + 1;
    i++;
  }
  return n;
}

/* 1 when the directive word at i is `define` or `undef` followed by a reserved name. */
static int is_feature_directive(const source_file *sf, size_t i) {
  const char *t = sf->text;
  size_t n = sf->len;
  size_t len = 0;
  if (n - i >= 6 && strncmp(t + i, "define", 6) == 0)
    len = 6;
  else if (n - i >= 5 && strncmp(t + i, "undef", 5) == 0)
    len = 5;
  else
    return 0;
  size_t j = i + len;
  if (j >= n || (t[j] != ' ' && t[j] != '\t'))
    return 0;
  j = source_skip_blanks(sf, j);
  return j + 1 < n && t[j] == '_' && (isupper((unsigned char)t[j + 1]) || t[j + 1] == '_');
}

size_t feature_prelude_end(const source_file *sf) {
  const char *t = sf->text;
  size_t n = sf->len, end = 0, i = 0;
  for (;;) {
    i = skip_blank_and_comments(t, n, i);
    if (i >= n || t[i] != '#')
      return end;
    size_t word = source_skip_blanks(sf, i + 1);
    if (!is_feature_directive(sf, word))
      return end;
    i = end = end_of_logical_line(t, n, word);
  }
}
