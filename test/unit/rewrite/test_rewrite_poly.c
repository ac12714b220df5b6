/* Polynomials over atoms and the section-bound reader built on them. */
#include "support/poly.h"
#include "support/section_expr.h"
#include "unit.h"

#include <stdlib.h>

enum { K, N, M, I };
static const char *names[] = {"k", "n", "m + 1", "i"};
static const char *spell(int atom, void *ctx) {
  (void)ctx;
  return names[atom];
}

static char *text(const poly *p) {
  strbuf sb;
  sb_init(&sb);
  poly_print(p, &sb, spell, NULL);
  return sb_take(&sb);
}

#define CHECK_POLY(p, expected)                                                                              \
  do {                                                                                                       \
    char *t_ = text(&(p));                                                                                   \
    CHECK_EQ_STR(t_, expected);                                                                              \
    free(t_);                                                                                                \
  } while (0)

static void test_arithmetic(void) {
  poly k = poly_atom(K), n = poly_atom(N), three = poly_const(3);
  poly kn = poly_mul(&k, &n);
  poly e = poly_add(&kn, &three); /* k*n + 3 */
  CHECK_POLY(e, "(int64_t)k * (int64_t)n + 3");
  poly c = poly_coeff(&e, K);
  CHECK(poly_equal(&c, &n));
  poly r = poly_rest(&e, K);
  int64_t v;
  CHECK(poly_is_const(&r, &v) && v == 3);
  poly zero = poly_sub(&e, &e);
  CHECK(poly_is_const(&zero, &v) && v == 0);
  CHECK_POLY(zero, "0");
}

static void test_substitution_folds_init_and_step(void) {
  /* a[2*i + 1] with i = 5 - 3k  ->  11 - 6k */
  poly i = poly_atom(I), two = poly_const(2), one = poly_const(1);
  poly idx = poly_mul(&two, &i);
  idx = poly_add(&idx, &one);
  poly k = poly_atom(K), m3 = poly_const(-3), five = poly_const(5);
  poly ik = poly_mul(&m3, &k);
  ik = poly_add(&ik, &five);
  poly s = poly_subst(&idx, I, &ik);
  CHECK_POLY(s, "-6 * (int64_t)k + 11");
  CHECK_EQ_INT(poly_degree(&s, K), 1);
}

static void test_opaque_atoms_are_parenthesised(void) {
  poly m = poly_atom(M);
  poly p = poly_scale(&m, -2);
  CHECK_POLY(p, "-2 * (int64_t)(m + 1)");
}

static void test_overflow_is_invalid(void) {
  poly big = poly_const(INT64_MAX);
  poly two = poly_const(2);
  poly p = poly_mul(&big, &two);
  CHECK(!p.valid);
  poly q = poly_add(&big, &big);
  CHECK(!q.valid);
  poly k = poly_atom(K);
  poly k2 = poly_mul(&k, &k), k4 = poly_mul(&k2, &k2); /* more factors than a term holds */
  CHECK(!k4.valid);
  poly c = poly_coeff(&k2, K); /* k*k is not affine in k */
  CHECK(!c.valid);
}

static int lookup(const char *name, void *ctx) {
  (void)ctx;
  if (strcmp(name, "i") == 0)
    return I;
  if (strcmp(name, "n") == 0)
    return N;
  return -1;
}

static void test_section_bounds(void) {
  poly p;
  CHECK_EQ_INT(section_expr_parse("2 * i + 1", lookup, NULL, &p), 0);
  CHECK_POLY(p, "2 * (int64_t)i + 1");
  CHECK_EQ_INT(section_expr_parse("(i + 1) * n - -n", lookup, NULL, &p), 0);
  CHECK_POLY(p, "(int64_t)n * (int64_t)i + 2 * (int64_t)n");
  CHECK_EQ_INT(section_expr_parse("f(i)", lookup, NULL, &p), -1);
  CHECK_EQ_INT(section_expr_parse("i / 2", lookup, NULL, &p), -1);
  CHECK_EQ_INT(section_expr_parse("1.5", lookup, NULL, &p), -1);
  CHECK_EQ_INT(section_expr_parse("i +", lookup, NULL, &p), -1);
  CHECK(section_expr_mentions("rows[i2] + i", "i"));
  CHECK(!section_expr_mentions("rows[i2] + 1i", "i"));
}

int main(void) {
  RUN(test_arithmetic);
  RUN(test_substitution_folds_init_and_step);
  RUN(test_opaque_atoms_are_parenthesised);
  RUN(test_overflow_is_invalid);
  RUN(test_section_bounds);
  return unit_result();
}
