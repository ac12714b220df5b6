/* slowdown.c - LSC_SLOWDOWN profiles (slowdown.h): parsing one rank's steps, the factor at a time, and the
 * emulated length of a span of work, walking the steps it crosses (each part at full speed takes
 * factor times longer). */
#include "config/slowdown.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

lsc_slowdown lsc_slowdown_constant(double factor) {
  lsc_slowdown s = {0};
  if (factor > 1.0) {
    s.steps = 1;
    s.factor[0] = factor;
  }
  return s;
}

/* One finite number in [s, end); returns the position after it, NULL when there is none. */
static const char *number(const char *s, const char *end, double *out) {
  while (s < end && isspace((unsigned char)*s))
    s++;
  if (s == end || !(isdigit((unsigned char)*s) || *s == '.'))
    return NULL; /* no sign, no "inf": a step is a plain number */
  char *stop;
  errno = 0;
  double v = strtod(s, &stop);
  if (stop == s || stop > end || errno == ERANGE || !isfinite(v))
    return NULL;
  while (stop < end && isspace((unsigned char)*stop))
    stop++;
  *out = v;
  return stop;
}

int lsc_slowdown_parse_item(const char *text, size_t len, double max_factor, lsc_slowdown *out) {
  *out = (lsc_slowdown){0};
  const char *p = text, *end = text + len;
  for (;;) {
    double f, t = 0.0;
    if (out->steps == LSC_SLOWDOWN_STEPS || !(p = number(p, end, &f)) || f < 1.0 || f > max_factor)
      return -1;
    if (p < end && *p == '@' && (!(p = number(p + 1, end, &t)) || t < 0.0))
      return -1;
    if (out->steps > 0 && t <= out->at[out->steps - 1])
      return -1; /* steps in time order: "2@1:3@0.5" is a typo, not a profile */
    out->at[out->steps] = t;
    out->factor[out->steps] = f;
    out->steps++;
    if (p == end)
      return 0;
    if (*p != ':')
      return -1;
    p++;
  }
}

double lsc_slowdown_at(const lsc_slowdown *s, double t) {
  double f = 1.0;
  for (int i = 0; i < s->steps && s->at[i] <= t; i++)
    f = s->factor[i];
  return f;
}

int lsc_slowdown_any(const lsc_slowdown *s) {
  for (int i = 0; i < s->steps; i++)
    if (s->factor[i] > 1.0)
      return 1;
  return 0;
}

double lsc_slowdown_span(const lsc_slowdown *s, double t0, double busy) {
  double t = t0, left = busy;
  while (left > 0.0) {
    double f = lsc_slowdown_at(s, t), next = INFINITY;
    for (int i = 0; i < s->steps; i++)
      if (s->at[i] > t) {
        next = s->at[i];
        break;
      }
    /* At factor f, `left` seconds of work take f*left; the next step may come first. */
    if (t + f * left <= next)
      return t + f * left - t0;
    left -= (next - t) / f;
    t = next;
  }
  return t - t0;
}
