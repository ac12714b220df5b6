/* The dependence tests that decide whether a loop may run in parallel. */
#include "support/depend.h"
#include "unit.h"

enum { K, J, N };

static footprint fp(poly lo_a, poly lo_b, poly hi_a, poly hi_b) {
  footprint f = {lo_a, lo_b, hi_a, hi_b, 0, poly_const(0), poly_const(0), poly_const(0)};
  return f;
}

static footprint consts(int64_t a, int64_t b, int64_t c, int64_t d) {
  return fp(poly_const(a), poly_const(b), poly_const(c), poly_const(d));
}

static void test_rows_are_disjoint(void) {
  footprint row = consts(640, 0, 640, 640);
  CHECK(footprints_disjoint(&row, &row, 640));
  CHECK(footprints_disjoint(&row, &row, -1));
  footprint wide = consts(640, 0, 640, 641); /* one element into the next row */
  CHECK(!footprints_disjoint(&wide, &wide, 640));
}

static void test_symbolic_rows(void) {
  /* [n*k, n*k + n): rows of a flattened array of unknown width */
  poly n = poly_atom(N), z = poly_const(0);
  footprint row = fp(n, z, n, n);
  CHECK(footprints_disjoint(&row, &row, -1));
  poly n1 = poly_const(1);
  n1 = poly_add(&n1, &n);
  footprint over = fp(n, z, n, n1);
  CHECK(!footprints_disjoint(&over, &over, -1));
}

static void test_neighbour_read_conflicts(void) {
  footprint w = consts(1, 0, 1, 1), r = consts(1, -1, 1, 0); /* a[i] = a[i-1] */
  CHECK(!footprints_disjoint(&w, &r, 100));
  footprint same = consts(1, 0, 1, 1); /* a[i] += 1 */
  CHECK(footprints_disjoint(&w, &same, 100));
}

static void test_triangle_needs_the_trip_count(void) {
  /* row i of a 150-wide array, columns 0..i: [150k, 151k + 1) */
  footprint tri = consts(150, 0, 151, 1);
  CHECK(footprints_disjoint(&tri, &tri, 150));
  CHECK(footprints_disjoint(&tri, &tri, 151));  /* row 149 ends where row 150 starts */
  CHECK(!footprints_disjoint(&tri, &tri, 152)); /* row 150 would spill into row 151 */
  CHECK(!footprints_disjoint(&tri, &tri, -1));
}

static void test_decreasing_footprints(void) {
  footprint down = consts(-1, 99, -1, 100); /* a[99 - k] */
  CHECK(footprints_disjoint(&down, &down, 100));
  footprint shifted = consts(-1, 98, -1, 99); /* reads a[98 - k]: what k + 1 writes */
  CHECK(!footprints_disjoint(&down, &shifted, 100));
}

static void test_gcd(void) {
  int inner[] = {J};
  loop_atoms atoms = {K, inner, 1};
  poly k = poly_atom(K), two = poly_const(2), three = poly_const(3), one = poly_const(1);
  poly even = poly_mul(&two, &k);
  poly odd = poly_add(&even, &one);
  poly plus3 = poly_add(&even, &three);
  CHECK(gcd_independent(&even, &odd, &atoms));
  CHECK(gcd_independent(&even, &plus3, &atoms));
  poly four = poly_const(4);
  poly plus4 = poly_add(&even, &four);
  CHECK(!gcd_independent(&even, &plus4, &atoms));
  /* 4k + 2j vs 4k + 1: gcd 2 does not divide 1 */
  poly j = poly_atom(J), f = poly_const(4);
  poly a = poly_mul(&f, &k), b = poly_mul(&two, &j);
  a = poly_add(&a, &b);
  poly c = poly_mul(&f, &k);
  c = poly_add(&c, &one);
  CHECK(gcd_independent(&a, &c, &atoms));
  /* a symbolic coefficient: the test does not apply */
  poly n = poly_atom(N);
  poly nk = poly_mul(&n, &k);
  CHECK(!gcd_independent(&nk, &odd, &atoms));
}

static void test_uniform_distance(void) {
  loop_atoms atoms = {K, NULL, 0};
  poly k = poly_atom(K), one = poly_const(1), m2 = poly_const(-2), three = poly_const(3);
  poly w = k, r = poly_sub(&k, &one);
  int64_t d = 0;
  CHECK(uniform_distance(&w, &r, &atoms, &d));
  CHECK_EQ_INT(d, 1);
  poly w3 = poly_mul(&three, &k), r3 = poly_add(&w3, &m2);
  CHECK(!uniform_distance(&w3, &r3, &atoms, &d)); /* 2 is not a multiple of 3: never the same element */
  poly r6 = poly_sub(&w3, &three);
  r6 = poly_sub(&r6, &three);
  CHECK(uniform_distance(&w3, &r6, &atoms, &d));
  CHECK_EQ_INT(d, 2);
  CHECK(!uniform_distance(&w, &w, &atoms, &d)); /* same iteration only */
}

static void test_accesses_combine_both_tests(void) {
  int inner[] = {J};
  loop_atoms atoms = {K, inner, 0};
  access_shape w = {1, poly_const(0), 1, consts(2, 0, 2, 1)};
  access_shape r = {1, poly_const(0), 1, consts(2, 3, 2, 4)};
  poly k = poly_atom(K), two = poly_const(2), three = poly_const(3);
  w.index = poly_mul(&two, &k);
  r.index = poly_add(&w.index, &three);
  /* footprints [2k, 2k+1) and [2k+3, 2k+4) overlap as ranges across iterations, the GCD test separates them
   */
  CHECK(!footprints_disjoint(&w.fp, &r.fp, 100));
  CHECK(accesses_independent(&w, &r, &atoms, 100));
}

int main(void) {
  RUN(test_rows_are_disjoint);
  RUN(test_symbolic_rows);
  RUN(test_neighbour_read_conflicts);
  RUN(test_triangle_needs_the_trip_count);
  RUN(test_decreasing_footprints);
  RUN(test_gcd);
  RUN(test_uniform_distance);
  RUN(test_accesses_combine_both_tests);
  return unit_result();
}
