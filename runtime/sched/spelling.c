/* spelling.c - "did you mean" for names the user types (schedules, clauses, warning groups): the nearest
 * name by edit distance (Damerau's variant: a swap of two neighbours is one edit, the commonest slip), or the
 * name a typed prefix abbreviates (`sched` for `schedule`). Pure and allocation-free: names are short. */
#include "lsc_sched.h"

#include <ctype.h>
#include <string.h>

#define MAX_NAME 64

static size_t min3(size_t a, size_t b, size_t c) {
  size_t m = a < b ? a : b;
  return m < c ? m : c;
}

/* Optimal string alignment distance, case-insensitive; MAX_NAME + 1 when either word is too long. */
static size_t edit_distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > MAX_NAME || m > MAX_NAME)
    return MAX_NAME + 1;
  size_t d[MAX_NAME + 1][MAX_NAME + 1];
  for (size_t i = 0; i <= n; i++)
    d[i][0] = i;
  for (size_t j = 0; j <= m; j++)
    d[0][j] = j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++) {
      int ai = tolower((unsigned char)a[i - 1]), bj = tolower((unsigned char)b[j - 1]);
      d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (ai != bj));
      if (i > 1 && j > 1 && ai == tolower((unsigned char)b[j - 2]) &&
          tolower((unsigned char)a[i - 2]) == bj && d[i - 2][j - 2] + 1 < d[i][j])
        d[i][j] = d[i - 2][j - 2] + 1;
    }
  return d[n][m];
}

static int is_prefix_of(const char *word, const char *name) {
  size_t n = strlen(word);
  if (n < 3 || n >= strlen(name))
    return 0;
  for (size_t i = 0; i < n; i++)
    if (tolower((unsigned char)word[i]) != tolower((unsigned char)name[i]))
      return 0;
  return 1;
}

const char *lsc_nearest_name(const char *word, const char *const *names, size_t n) {
  if (!word || !*word)
    return NULL;
  /* A slip: one edit in a short word, up to a third of a longer one. */
  size_t len = strlen(word), allowed = len <= 4 ? 1 : len / 3 > 1 ? len / 3 : 2;
  const char *best = NULL;
  size_t best_distance = allowed + 1;
  for (size_t i = 0; i < n; i++) {
    size_t dist = edit_distance(word, names[i]);
    if (dist < best_distance) {
      best = names[i];
      best_distance = dist;
    }
  }
  if (best)
    return best;
  for (size_t i = 0; i < n; i++)
    if (is_prefix_of(word, names[i]))
      return names[i];
  return NULL;
}
