/* iv_types.c - how C types a canonical loop, so that lsc counts and maps it as C runs it (docs/pragma.md,
 * "The loop"). T is the induction variable's type. The comparison is made in C, the type both operands
 * convert to (the usual arithmetic conversions after promotion); libclang keeps that implicit conversion on
 * the operand, so C is read off it rather than recomputed. init converts to T, the bound to C, and each
 * increment adds the step modulo 2^width(T).
 *
 * This step converts the constants once (init as a T, bound as a C, step as a signed number of T's width, so
 * `unsigned i; i -= 3` steps by -3), builds the texts the generated code passes to lsc_iv_trip_count, and
 * classifies the walk: can i's values wrap around T's range inside one run of the loop? Array slices are
 * linear in the logical iteration only when they cannot, so where that is not proven here the generated code
 * checks at run time (plan.c). Signed types of int's rank or more never wrap in a program C defines (overflow
 * is undefined), so they need no check; the constants can show when a loop never ends or overflows: warned.
 */
#define _XOPEN_SOURCE 700
#include "analyse/iv_types.h"
#include "analyse/report.h"
#include "support/cursor_util.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

static const char *const cmp_spelling[LSC_CMP_COUNT] = {
    [LSC_CMP_LT] = "<", [LSC_CMP_LE] = "<=", [LSC_CMP_GT] = ">", [LSC_CMP_GE] = ">=", [LSC_CMP_NE] = "!="};

/* The source type of an expression: below the implicit conversion C adds to fit it where it stands. */
static CXType source_type(CXCursor e) {
  return clang_getCursorType(cursor_strip(e));
}

static int is_bool(CXType t) {
  return canonical(t).kind == CXType_Bool;
}

/* Every value of type t is a value of `outer` (_Bool's 0 and 1 are values of every type). */
static int fits(CXType t, int_type outer) {
  int_type it;
  return is_bool(t) || (int_type_of(t, &it) && int_type_holds(outer, it));
}

static int all_known(const loop_header *h) {
  return h->init_known && h->bound_known && h->step_known;
}

static int64_t constant_count(const loop_header *h) {
  return lsc_iv_trip_count((uint64_t)h->init, (uint64_t)h->bound, (uint64_t)h->step, h->cmp,
                           int_type_code(h->iv_int), int_type_code(h->cmp_int));
}

int64_t iv_constant_trips(const loop_header *h) {
  if (!all_known(h))
    return -1;
  int64_t n = constant_count(h);
  return n >= 0 ? n : -1;
}

/* Whether i's values in one run may wrap around T's range (see the file comment). */
static int walk_may_wrap(const loop_header *h) {
  int_type t = h->iv_int;
  if (t.is_signed && t.bits >= 32)
    return 0; /* int, long, long long: wrapping is signed overflow, which C leaves undefined */
  /* Unit steps towards or away from a < <= > >= bound: the values where the condition is false form one run
   * at an end of C's order, which is T's own order unless a signed T is compared as unsigned; a unit walk
   * meets that run before it can pass T's ends (the size_t `i < n; i--` idiom stops exactly there). */
  if (h->step_known && (h->step == 1 || h->step == -1) && h->cmp != LSC_CMP_NE &&
      (!t.is_signed || h->cmp_int.is_signed))
    return 0;
  if (all_known(h)) {
    int64_t n = constant_count(h);
    return n >= 0 && lsc_iv_wraps((uint64_t)h->init, (uint64_t)h->step, n, int_type_code(t));
  }
  return 1;
}

static char *signed_step_text(const loop_header *h, const char *step, int step_fits) {
  if (!h->step_negated && step_fits)
    return xasprintf("(%s)", step);
  /* The residue read back as a signed number of T's width: the direction C's wrap-around gives the step. */
  return h->step_negated
             ? xasprintf("((int64_t)(%s)(0 - (uint64_t)(%s)))", int_type_signed_name(h->iv_int), step)
             : xasprintf("((int64_t)(%s)(uint64_t)(%s))", int_type_signed_name(h->iv_int), step);
}

/* Warnings that constants make cheap: a condition no value of T falsifies, a loop that never ends or runs too
 * long, a signed variable that overflows. lsc keeps the program's meaning; these say it has none, or none
 * that ends. */
static void warn_constant_loops(analysis *an, const loop_header *h) {
  size_t at = cursor_offset(h->cmp_operand);
  int_type t = h->iv_int;
  int ub = t.is_signed && t.bits >= 32 && !(h->step_known && h->step == 0);
  char *overflow =
      ub ? xasprintf(" ('%s' overflows '%s' first: undefined behaviour in C)", h->iv_name, h->iv_type)
         : xstrdup("");
  int same = t.bits == h->cmp_int.bits && t.is_signed == h->cmp_int.is_signed;
  char *as_c = same ? xstrdup("") : xasprintf(" (compared as '%s')", h->cmp_type);
  int64_t n = all_known(h) ? constant_count(h) : 0;
  if (h->bound_known && lsc_iv_trip_count(0, (uint64_t)h->bound, 1, h->cmp, int_type_code(t),
                                          int_type_code(h->cmp_int)) == LSC_TRIP_FOREVER) {
    /* A unit step visits every value of T: if none makes the condition false, none ever will. */
    an_warn(
        an, WARN_ENDLESS_LOOP, at,
        "'%s %s %s' is true for every value of '%s'%s: the loop never ends%s; lsc stops it at run time with "
        "an error",
        h->iv_name, cmp_spelling[h->cmp], h->bound_text, h->iv_type, as_c, overflow);
  } else if (n == LSC_TRIP_FOREVER) {
    an_warn(
        an, WARN_ENDLESS_LOOP, at,
        "the loop never ends: from %s, steps of %lld never make '%s %s %s' false%s; lsc stops it at run time "
        "with an error",
        h->init_text, (long long)h->step, h->iv_name, cmp_spelling[h->cmp], h->bound_text, overflow);
  } else if (n == LSC_TRIP_TOO_MANY) {
    an_warn(an, WARN_ENDLESS_LOOP, at,
            "the loop runs more than INT64_MAX times; lsc stops it at run time with an error");
  } else if (ub && all_known(h) && n >= 0) {
    /* The values for k in [0, n]: the increment after the last iteration is evaluated too. The first k
     * outside T's range is the number of iterations that ran before the overflow. */
    uint64_t lo = (uint64_t)1 << (t.bits - 1), span; /* T's minimum is -lo, its maximum lo - 1 */
    uint64_t v = (uint64_t)h->init + lo;             /* the first value, shifted to [0, 2 * lo) */
    uint64_t s = h->step > 0 ? (uint64_t)h->step : (uint64_t)0 - (uint64_t)h->step;
    span = h->step > 0 ? (2 * lo - 1) - v : v; /* 2 * lo - 1 wraps to UINT64_MAX for 64 bits, as wanted */
    uint64_t before = span / s + 1;
    if (before <= (uint64_t)n)
      an_warn(an, WARN_IV_OVERFLOW, at,
              "'%s' overflows '%s' after %llu iterations (from %s, steps of %lld): undefined behaviour in C; "
              "lsc counts as if it wrapped around",
              h->iv_name, h->iv_type, (unsigned long long)before, h->init_text, (long long)h->step);
  }
  free(overflow);
  free(as_c);
}

int iv_types_read(analysis *an, loop_header *h, int report) {
  int_type t = h->iv_int;
  CXType cmp_t = clang_getCursorType(h->cmp_operand);
  h->cmp_type = type_name(cmp_t);
  if (!int_type_of(cmp_t, &h->cmp_int)) {
    if (report)
      an_error(an, cursor_offset(h->cmp_operand),
               "'%s' is compared with its bound as '%s': the bound must have an integer type", h->iv_name,
               h->cmp_type);
    return -1;
  }
  int step_fits = 1;
  char *step_src = NULL;
  if (!clang_Cursor_isNull(h->step_expr)) {
    CXType st = source_type(h->step_expr);
    if (!type_is_integer(st)) {
      if (report) {
        char *name = type_name(st);
        an_error(an, cursor_offset(h->step_expr), "the step of '%s' must have an integer type, not '%s'",
                 h->iv_name, name);
        free(name);
      }
      return -1;
    }
    /* A signed step no wider than T is its own signed reading in T's width. */
    int_type sty;
    step_fits = is_bool(st) || (int_type_of(st, &sty) && sty.is_signed && sty.bits <= t.bits);
    step_src = cursor_source_text(h->step_expr, an->sf);
  }

  /* Known values, converted as C converts them. */
  if (h->init_known)
    h->init = int_type_value(t, (uint64_t)h->init);
  if (h->bound_known) {
    /* A constant keeps its value when C can represent it, whatever its type (`size_t j < 100`). */
    int64_t raw = h->bound;
    h->bound = int_type_value(h->cmp_int, (uint64_t)raw);
    h->bound_fits = h->bound == raw;
  }
  if (h->step_known) {
    uint64_t residue = h->step_negated ? (uint64_t)0 - (uint64_t)h->step : (uint64_t)h->step;
    int_type signed_t = {t.bits, 1};
    h->step = int_type_value(signed_t, residue);
    h->step_negated = 0; /* folded into the value */
  }

  CXType init_t = source_type(h->init_expr);
  h->init_integer = type_is_integer(init_t);
  /* Its polynomial is i's first value when the conversion keeps the value, and the expression cannot wrap in
   * its own type (signed arithmetic does not in a defined program; an unsigned one must be a plain name). */
  enum CXCursorKind init_kind = clang_getCursorKind(cursor_strip(h->init_expr));
  int_type init_int;
  int init_signed = int_type_of(init_t, &init_int) && init_int.is_signed;
  h->init_fits = h->init_known || (fits(init_t, t) && (init_signed || init_kind == CXCursor_DeclRefExpr));
  h->bound_fits = h->bound_fits || fits(source_type(h->bound_expr), h->cmp_int);

  /* Texts. lsc_iv_trip_count reads the low bits of init, bound and step, which any integer expression passed
   * as uint64_t keeps: only a non-integer init needs its conversion to T spelled out. */
  h->init_arg = h->init_integer ? xstrdup(h->init_text) : xasprintf("(%s)(%s)", h->iv_type, h->init_text);
  h->init_k_text = h->init_fits ? xstrdup(h->init_text) : xasprintf("(%s)(%s)", h->iv_type, h->init_text);
  if (h->step_known) {
    h->step_arg = xasprintf("%lld", (long long)h->step);
    h->step_k_text = xasprintf("%lld", (long long)h->step);
  } else {
    h->step_arg = h->step_negated ? xasprintf("0 - (uint64_t)(%s)", step_src) : xasprintf("(%s)", step_src);
    h->step_k_text = signed_step_text(h, step_src, step_fits);
  }
  free(step_src);
  h->may_wrap = walk_may_wrap(h);
  if (report)
    warn_constant_loops(an, h);
  return 0;
}
