/* parse.c - schedule(...), alpha(...) and workload(...) text into values, and back (names from
 * [chang-alpha] 2.1).
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched_internal.h"

#define SCHEDULE_FORMS                                                                                       \
  "static[,k], cyclic, block_cyclic[(k)], pss, css[(k)], gss[(min)], fss[(x)], tss[(F,L)], "                 \
  "fiss[(B)], tfss[(F,L)], dcss[(k)], dgss[(min)], dfss[(x)], dtss[(F,L)], fsc[(h,sigma)], mfsc, "           \
  "fac[(mu,sigma)], fac2, wf, tap[(mu,sigma,a)], viss[(k)], pls[(swr)], rnd[(min,max)], "                    \
  "static_steal[(k)], bold[(mu,sigma,h)], awf, awf_b, awf_c, awf_d, awf_e, af (each [(min)]), dynamic[,k], " \
  "guided[,k], runtime, auto"
#define WORKLOAD_FORMS "uniform, increasing(b,h), decreasing(b,h), irregular"
#define MAX_ARGS 3
#define ARG_TEXT 64

int lsc_sched_format_error(lsc_sched_error *err, const char *fmt, ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->suggestion[0] = '\0';
  }
  return -1;
}

/* "unknown <what> 'name'; did you mean 'x'? expected one of: forms", with x kept in err->suggestion. */
static int unknown_name(lsc_sched_error *err, const char *what, const char *name, const char *const *names,
                        size_t n, const char *forms) {
  const char *near = lsc_nearest_name(name, names, n);
  if (near)
    lsc_sched_format_error(err, "unknown %s '%s'; did you mean '%s'? expected one of: %s", what, name, near,
                           forms);
  else
    lsc_sched_format_error(err, "unknown %s '%s'; expected one of: %s", what, name, forms);
  if (err && near)
    snprintf(err->suggestion, sizeof err->suggestion, "%s", near);
  return -1;
}

typedef enum arg_kind {
  ARG_NONE,
  ARG_COUNT,
  ARG_FACTOR,
  ARG_PAIR,
  ARG_STATS, /* fac(mu,sigma), tap(mu,sigma[,a]), fsc(h,sigma): reals */
  ARG_RATIO, /* pls(swr): a real in (0, 1]                          */
  ARG_RANGE  /* rnd(min,max): two counts                             */
} arg_kind;

/* The parameter shape of each scheme: what its parentheses may hold. Several names may spell one scheme:
 * OpenMP's (dynamic, guided; static with a chunk is handled in parse_schedule_args) and LB4OMP's (ss, fac2,
 * trapezoidal); `chunk` is the count the name implies when none is written (dynamic: 1, as OpenMP). */
static const struct scheme_spelling {
  const char *name;
  lsc_scheme_id id;
  arg_kind args;
  const char *form; /* how the arguments are written, for messages */
  int64_t chunk;
  double factor;
} spellings[] = {
    {"static", LSC_SCHEME_STATIC, ARG_COUNT, "static[,k]", 0, 0},
    {"cyclic", LSC_SCHEME_CYCLIC, ARG_NONE, "cyclic", 0, 0},
    {"block_cyclic", LSC_SCHEME_BLOCK_CYCLIC, ARG_COUNT, "block_cyclic(k)", 0, 0},
    {"pss", LSC_SCHEME_PSS, ARG_NONE, "pss", 0, 0},
    {"css", LSC_SCHEME_CSS, ARG_COUNT, "css(k)", 0, 0},
    {"gss", LSC_SCHEME_GSS, ARG_COUNT, "gss(min)", 0, 0},
    {"fss", LSC_SCHEME_FSS, ARG_FACTOR, "fss(x)", 0, 0},
    {"tss", LSC_SCHEME_TSS, ARG_PAIR, "tss(F,L)", 0, 0},
    {"fiss", LSC_SCHEME_FISS, ARG_COUNT, "fiss(B)", 0, 0},
    {"tfss", LSC_SCHEME_TFSS, ARG_PAIR, "tfss(F,L)", 0, 0},
    {"dcss", LSC_SCHEME_DCSS, ARG_COUNT, "dcss(k)", 0, 0},
    {"dgss", LSC_SCHEME_DGSS, ARG_COUNT, "dgss(min)", 0, 0},
    {"dfss", LSC_SCHEME_DFSS, ARG_FACTOR, "dfss(x)", 0, 0},
    {"dtss", LSC_SCHEME_DTSS, ARG_PAIR, "dtss(F,L)", 0, 0},
    {"fsc", LSC_SCHEME_FSC, ARG_STATS, "fsc(h,sigma)", 0, 0},
    {"mfsc", LSC_SCHEME_MFSC, ARG_NONE, "mfsc", 0, 0},
    {"fac", LSC_SCHEME_FAC, ARG_STATS, "fac(mu,sigma)", 0, 0},
    {"wf", LSC_SCHEME_WF, ARG_NONE, "wf", 0, 0},
    {"tap", LSC_SCHEME_TAP, ARG_STATS, "tap(mu,sigma,a)", 0, 0},
    {"viss", LSC_SCHEME_VISS, ARG_COUNT, "viss(k)", 0, 0},
    {"pls", LSC_SCHEME_PLS, ARG_RATIO, "pls(swr)", 0, 0},
    {"rnd", LSC_SCHEME_RND, ARG_RANGE, "rnd(min,max)", 0, 0},
    {"static_steal", LSC_SCHEME_STATIC_STEAL, ARG_COUNT, "static_steal(k)", 0, 0},
    {"awf", LSC_SCHEME_AWF, ARG_COUNT, "awf(min)", 0, 0},
    {"awf_b", LSC_SCHEME_AWF_B, ARG_COUNT, "awf_b(min)", 0, 0},
    {"awf_c", LSC_SCHEME_AWF_C, ARG_COUNT, "awf_c(min)", 0, 0},
    {"awf_d", LSC_SCHEME_AWF_D, ARG_COUNT, "awf_d(min)", 0, 0},
    {"awf_e", LSC_SCHEME_AWF_E, ARG_COUNT, "awf_e(min)", 0, 0},
    {"af", LSC_SCHEME_AF, ARG_COUNT, "af(min)", 0, 0},
    {"bold", LSC_SCHEME_BOLD, ARG_STATS, "bold(mu,sigma,h)", 0, 0},
    {"runtime", LSC_SCHEME_RUNTIME, ARG_NONE, "runtime", 0, 0},
    {"auto", LSC_SCHEME_AUTO, ARG_NONE, "auto", 0, 0},
    /* other names for the schemes above; lsc_scheme_name gives the first spelling of an id */
    {"dynamic", LSC_SCHEME_CSS, ARG_COUNT, "dynamic[,k]", 1, 0},
    {"guided", LSC_SCHEME_GSS, ARG_COUNT, "guided[,k]", 0, 0},
    {"ss", LSC_SCHEME_PSS, ARG_NONE, "ss", 0, 0},
    {"fac2", LSC_SCHEME_FSS, ARG_NONE, "fac2", 0, 2.0},
    {"trapezoidal", LSC_SCHEME_TSS, ARG_PAIR, "trapezoidal(F,L)", 0, 0},
    {"random", LSC_SCHEME_RND, ARG_RANGE, "random(min,max)", 0, 0},
};

#define SPELLING_COUNT (sizeof spellings / sizeof spellings[0])

const char *lsc_scheme_name(lsc_scheme_id id) {
  for (size_t i = 0; i < SPELLING_COUNT; i++)
    if (spellings[i].id == id)
      return spellings[i].name;
  return "unknown";
}

static const char *skip_space(const char *s) {
  while (*s && isspace((unsigned char)*s))
    s++;
  return s;
}

/* Text split as `name(arg, arg, ...)` with the blanks around every piece removed. */
typedef struct call_text {
  char name[32];
  int has_parens;
  int argc;
  char argv[MAX_ARGS][ARG_TEXT];
} call_text;

static int copy_trimmed(char *dst, size_t cap, const char *begin, const char *end) {
  while (begin < end && isspace((unsigned char)*begin))
    begin++;
  while (end > begin && isspace((unsigned char)end[-1]))
    end--;
  if ((size_t)(end - begin) >= cap)
    return -1;
  memcpy(dst, begin, (size_t)(end - begin));
  dst[end - begin] = '\0';
  return 0;
}

static int split_call(const char *text, const char *what, const char *forms, call_text *call,
                      lsc_sched_error *err) {
  memset(call, 0, sizeof *call);
  const char *s = skip_space(text);
  const char *name = s;
  while (*s && (isalnum((unsigned char)*s) || *s == '_'))
    s++;
  if (s == name)
    return lsc_sched_format_error(err, "empty or malformed %s '%.40s'; expected one of: %s", what, text,
                                  forms);
  if (copy_trimmed(call->name, sizeof call->name, name, s) != 0)
    return lsc_sched_format_error(err, "unknown %s '%.40s'; expected one of: %s", what, name, forms);
  for (char *c = call->name; *c; c++)
    *c = (char)tolower((unsigned char)*c);
  s = skip_space(s);
  if (*s == '(') {
    call->has_parens = 1;
    const char *close = strchr(s, ')');
    if (!close)
      return lsc_sched_format_error(err, "missing ')' in %s '%.40s'; expected one of: %s", what, text, forms);
    const char *arg = s + 1;
    for (;;) {
      const char *comma = memchr(arg, ',', (size_t)(close - arg));
      const char *arg_end = comma ? comma : close;
      if (call->argc == MAX_ARGS || copy_trimmed(call->argv[call->argc], ARG_TEXT, arg, arg_end) != 0)
        return lsc_sched_format_error(
            err, "too many or too long arguments in %s '%.24s'; expected one of: %s", what, text, forms);
      call->argc++;
      if (!comma)
        break;
      arg = comma + 1;
    }
    s = skip_space(close + 1);
  } else if (*s == ',') {
    /* OpenMP's spelling `dynamic, 4`: everything after the comma is the one argument */
    call->has_parens = 1;
    call->argc = 1;
    if (copy_trimmed(call->argv[0], ARG_TEXT, s + 1, s + strlen(s)) != 0)
      return lsc_sched_format_error(err, "too long an argument in %s '%.24s'; expected one of: %s", what,
                                    text, forms);
    s += strlen(s);
  }
  if (*s)
    return lsc_sched_format_error(err, "unexpected '%.16s' after %s '%.16s'; expected one of: %s", s, what,
                                  call->name, forms);
  return 0;
}

/* A positive iteration count: decimal digits only, at most 2^62. */
static int parse_count(const char *text, int64_t *out) {
  if (!*text)
    return -1;
  int64_t value = 0;
  for (const char *c = text; *c; c++) {
    if (!isdigit((unsigned char)*c))
      return -1;
    value = value * 10 + (*c - '0');
    if (value > LSC_SCHED_MAX_ITERATIONS)
      return -1;
  }
  if (value < 1)
    return -1;
  *out = value;
  return 0;
}

static int parse_real(const char *text, double *out) {
  char *end;
  if (!*text || isspace((unsigned char)*text))
    return -1;
  double value = strtod(text, &end);
  if (*end || !isfinite(value))
    return -1;
  *out = value;
  return 0;
}

/* fsc(h,sigma), fac(mu,sigma), tap(mu,sigma[,a]), pls(swr): reals, range-checked per name. */
static int parse_statistics(const call_text *call, const struct scheme_spelling *spelling, lsc_schedule *out,
                            lsc_sched_error *err) {
  double v[MAX_ARGS] = {0};
  int wanted = spelling->args == ARG_RATIO ? 1 : out->scheme == LSC_SCHEME_BOLD ? 3 : 2;
  int most = out->scheme == LSC_SCHEME_TAP ? 3 : wanted;
  if (call->argc < wanted || call->argc > most)
    return lsc_sched_format_error(err, "%s takes %s; got %d arguments", call->name, spelling->form,
                                  call->argc);
  for (int i = 0; i < call->argc; i++)
    if (parse_real(call->argv[i], &v[i]) != 0 || v[i] < 0 || v[i] > 1e12)
      return lsc_sched_format_error(err, "bad number '%s' in %s; expected a number 0..1e12", call->argv[i],
                                    spelling->form);
  if (out->scheme == LSC_SCHEME_PLS) {
    if (!(v[0] > 0 && v[0] <= 1))
      return lsc_sched_format_error(err, "bad swr '%s' in pls(swr); expected a number in (0, 1]",
                                    call->argv[0]);
    out->ratio = v[0];
  } else if (out->scheme == LSC_SCHEME_BOLD) {
    if (!(v[0] > 0 && v[2] > 0))
      return lsc_sched_format_error(err, "bold(mu,sigma,h) needs mu > 0 and h > 0");
    out->mu = v[0];
    out->sigma = v[1];
    out->overhead = v[2];
  } else if (out->scheme == LSC_SCHEME_FSC) {
    if (!(v[0] > 0 && v[1] > 0))
      return lsc_sched_format_error(err, "fsc(h,sigma) needs h > 0 and sigma > 0");
    out->overhead = v[0];
    out->sigma = v[1];
  } else {
    if (!(v[0] > 0) || (call->argc == 3 && !(v[2] > 0)))
      return lsc_sched_format_error(err, "%s needs mu > 0%s", spelling->form,
                                    call->argc == 3 ? " and a > 0" : "");
    out->mu = v[0];
    out->sigma = v[1];
    out->ratio = v[2];
  }
  return 0;
}

static int parse_schedule_args(const call_text *call, const struct scheme_spelling *spelling,
                               lsc_schedule *out, lsc_sched_error *err) {
  if (!call->has_parens)
    return 0;
  const char *name = call->name, *form = spelling->form;
  arg_kind kind = spelling->args;
  if (kind == ARG_STATS || kind == ARG_RATIO)
    return parse_statistics(call, spelling, out, err);
  if (kind == ARG_RANGE) {
    if (call->argc != 2 || parse_count(call->argv[0], &out->chunk) != 0 ||
        parse_count(call->argv[1], &out->max_chunk) != 0 || out->chunk > out->max_chunk)
      return lsc_sched_format_error(err, "bad arguments in %s; expected two integers 1 <= min <= max", form);
    return 0;
  }
  if (kind == ARG_NONE)
    return lsc_sched_format_error(err, "%s takes no arguments; write '%s'", name, name);
  if (kind == ARG_PAIR) {
    if (call->argc > 2)
      return lsc_sched_format_error(err, "%s takes (F,L) or (F), got %d arguments", name, call->argc);
    if (parse_count(call->argv[0], &out->first) != 0)
      return lsc_sched_format_error(err, "bad first chunk '%s' in %s(F,L); expected an integer 1..2^62",
                                    call->argv[0], name);
    out->last = 1;
    if (call->argc == 2 && parse_count(call->argv[1], &out->last) != 0)
      return lsc_sched_format_error(err, "bad last chunk '%s' in %s(F,L); expected an integer 1..2^62",
                                    call->argv[1], name);
    if (out->first < out->last)
      return lsc_sched_format_error(err, "%s(F,L) needs F >= L, got F=%lld L=%lld", name,
                                    (long long)out->first, (long long)out->last);
    return 0;
  }
  if (call->argc != 1)
    return lsc_sched_format_error(err, "%s takes one argument, got %d; write %s", name, call->argc, form);
  if (kind == ARG_FACTOR) {
    if (parse_real(call->argv[0], &out->factor) != 0 || out->factor < 1.0 || out->factor > 1e6)
      return lsc_sched_format_error(err, "bad factor '%s' in %s; expected a number 1..1e6", call->argv[0],
                                    form);
    return 0;
  }
  int64_t value;
  if (parse_count(call->argv[0], &value) != 0)
    return lsc_sched_format_error(err, "bad argument '%s' in %s; expected an integer 1..2^62", call->argv[0],
                                  form);
  if (out->scheme == LSC_SCHEME_FISS) {
    if (value < 2 || value > 1000000)
      return lsc_sched_format_error(err, "bad stage count '%s' in fiss(B); expected an integer 2..1000000",
                                    call->argv[0]);
    out->stages = value;
  } else if (out->scheme == LSC_SCHEME_VISS) {
    if (value > 1000000)
      return lsc_sched_format_error(err, "bad divisor '%s' in viss(k); expected an integer 1..1000000",
                                    call->argv[0]);
    out->stages = value;
  } else if (out->scheme == LSC_SCHEME_STATIC) {
    /* OpenMP's static,k: blocks of k dealt round robin */
    out->scheme = LSC_SCHEME_BLOCK_CYCLIC;
    out->chunk = value;
  } else {
    out->chunk = value;
  }
  return 0;
}

int lsc_schedule_parse(const char *text, lsc_schedule *out, lsc_sched_error *err) {
  call_text call;
  if (!text || !out)
    return lsc_sched_format_error(err, "no schedule given; expected one of: %s", SCHEDULE_FORMS);
  if (split_call(text, "schedule", SCHEDULE_FORMS, &call, err) != 0)
    return -1;
  for (size_t i = 0; i < SPELLING_COUNT; i++) {
    if (strcmp(call.name, spellings[i].name) != 0)
      continue;
    lsc_schedule parsed = {
        .scheme = spellings[i].id, .chunk = spellings[i].chunk, .factor = spellings[i].factor};
    if (parse_schedule_args(&call, &spellings[i], &parsed, err) != 0)
      return -1;
    *out = parsed;
    return 0;
  }
  const char *names[SPELLING_COUNT];
  for (size_t i = 0; i < SPELLING_COUNT; i++)
    names[i] = spellings[i].name;
  return unknown_name(err, "schedule", call.name, names, SPELLING_COUNT, SCHEDULE_FORMS);
}

int lsc_alpha_parse(const char *text, int *alpha, lsc_sched_error *err) {
  char trimmed[ARG_TEXT];
  if (!text || copy_trimmed(trimmed, sizeof trimmed, text, text + strlen(text)) != 0)
    return lsc_sched_format_error(err, "bad alpha; expected an integer 0..100 or auto");
  if (strcmp(trimmed, "auto") == 0) {
    *alpha = LSC_ALPHA_AUTO;
    return 0;
  }
  int64_t value = 0;
  if (strcmp(trimmed, "0") == 0 || (parse_count(trimmed, &value) == 0 && value <= 100)) {
    *alpha = (int)value;
    return 0;
  }
  return lsc_sched_format_error(err, "bad alpha '%s'; expected an integer 0..100 or auto", trimmed);
}

int lsc_workload_parse(const char *text, lsc_workload *out, lsc_sched_error *err) {
  call_text call;
  if (!text || !out)
    return lsc_sched_format_error(err, "no workload given; expected one of: %s", WORKLOAD_FORMS);
  if (split_call(text, "workload", WORKLOAD_FORMS, &call, err) != 0)
    return -1;
  lsc_workload parsed = {LSC_WORKLOAD_UNIFORM, 1.0, 0.0};
  if (strcmp(call.name, "uniform") == 0 || strcmp(call.name, "irregular") == 0) {
    if (call.has_parens)
      return lsc_sched_format_error(err, "%s takes no arguments; write '%s'", call.name, call.name);
    parsed.kind = call.name[0] == 'u' ? LSC_WORKLOAD_UNIFORM : LSC_WORKLOAD_IRREGULAR;
    *out = parsed;
    return 0;
  }
  static const char *const workloads[] = {"uniform", "irregular", "increasing", "decreasing"};
  if (strcmp(call.name, "increasing") != 0 && strcmp(call.name, "decreasing") != 0)
    return unknown_name(err, "workload", call.name, workloads, 4, WORKLOAD_FORMS);
  parsed.kind = call.name[0] == 'i' ? LSC_WORKLOAD_INCREASING : LSC_WORKLOAD_DECREASING;
  parsed.h = 1.0; /* bare increasing/decreasing: iteration cost grows by one unit from 1 */
  if (call.has_parens) {
    if (call.argc != 2 || parse_real(call.argv[0], &parsed.b) != 0 ||
        parse_real(call.argv[1], &parsed.h) != 0 || parsed.b < 0 || parsed.h < 0 || parsed.b + parsed.h <= 0)
      return lsc_sched_format_error(
          err, "bad arguments in workload %s(b,h); expected two numbers >= 0, not both 0", call.name);
  }
  *out = parsed;
  return 0;
}

/* the shortest text that reads back as the same number */
static void format_real(char *out, size_t len, double value) {
  snprintf(out, len, "%.15g", value);
  if (strtod(out, NULL) != value)
    snprintf(out, len, "%.17g", value);
}

void lsc_schedule_format(const lsc_schedule *s, char *buf, size_t len) {
  if (!buf || len == 0)
    return;
  const char *name = lsc_scheme_name(s->scheme);
  char a[32], b[32], c[32];
  switch (s->scheme) {
  case LSC_SCHEME_STATIC_STEAL:
  case LSC_SCHEME_AWF:
  case LSC_SCHEME_AWF_B:
  case LSC_SCHEME_AWF_C:
  case LSC_SCHEME_AWF_D:
  case LSC_SCHEME_AWF_E:
  case LSC_SCHEME_AF:
    if (s->chunk > 0) {
      snprintf(buf, len, "%s(%lld)", name, (long long)s->chunk);
      return;
    }
    break;
  case LSC_SCHEME_VISS:
    if (s->stages > 0) {
      snprintf(buf, len, "%s(%lld)", name, (long long)s->stages);
      return;
    }
    break;
  case LSC_SCHEME_RND:
    if (s->chunk > 0 && s->max_chunk > 0) {
      snprintf(buf, len, "%s(%lld,%lld)", name, (long long)s->chunk, (long long)s->max_chunk);
      return;
    }
    break;
  case LSC_SCHEME_PLS:
    if (s->ratio > 0) {
      format_real(a, sizeof a, s->ratio);
      snprintf(buf, len, "%s(%s)", name, a);
      return;
    }
    break;
  case LSC_SCHEME_FSC:
    if (s->overhead > 0 && s->sigma > 0) {
      format_real(a, sizeof a, s->overhead);
      format_real(b, sizeof b, s->sigma);
      snprintf(buf, len, "%s(%s,%s)", name, a, b);
      return;
    }
    break;
  case LSC_SCHEME_BOLD:
    if (s->mu > 0) {
      format_real(a, sizeof a, s->mu);
      format_real(b, sizeof b, s->sigma);
      format_real(c, sizeof c, s->overhead);
      snprintf(buf, len, "%s(%s,%s,%s)", name, a, b, c);
      return;
    }
    break;
  case LSC_SCHEME_FAC:
  case LSC_SCHEME_TAP:
    if (s->mu > 0) {
      format_real(a, sizeof a, s->mu);
      format_real(b, sizeof b, s->sigma);
      format_real(c, sizeof c, s->ratio);
      if (s->scheme == LSC_SCHEME_TAP && s->ratio > 0)
        snprintf(buf, len, "%s(%s,%s,%s)", name, a, b, c);
      else
        snprintf(buf, len, "%s(%s,%s)", name, a, b);
      return;
    }
    break;
  case LSC_SCHEME_BLOCK_CYCLIC:
  case LSC_SCHEME_CSS:
  case LSC_SCHEME_GSS:
  case LSC_SCHEME_DCSS:
  case LSC_SCHEME_DGSS:
    if (s->chunk > 0) {
      snprintf(buf, len, "%s(%lld)", name, (long long)s->chunk);
      return;
    }
    break;
  case LSC_SCHEME_FSS:
  case LSC_SCHEME_DFSS:
    if (s->factor > 0) {
      /* the shortest text that reads back as the same factor */
      char factor[32];
      snprintf(factor, sizeof factor, "%.15g", s->factor);
      if (strtod(factor, NULL) != s->factor)
        snprintf(factor, sizeof factor, "%.17g", s->factor);
      snprintf(buf, len, "%s(%s)", name, factor);
      return;
    }
    break;
  case LSC_SCHEME_TSS:
  case LSC_SCHEME_TFSS:
  case LSC_SCHEME_DTSS:
    if (s->first > 0) {
      snprintf(buf, len, "%s(%lld,%lld)", name, (long long)s->first, (long long)(s->last > 0 ? s->last : 1));
      return;
    }
    break;
  case LSC_SCHEME_FISS:
    if (s->stages > 0) {
      snprintf(buf, len, "%s(%lld)", name, (long long)s->stages);
      return;
    }
    break;
  default:
    break;
  }
  snprintf(buf, len, "%s", name);
}
