/* The run-time alias check: byte ranges of arrays over a loop instance, and which pairs overlap. */
#include "data/overlap.h"
#include "unit.h"

#include <stddef.h>
#include <stdint.h>

typedef struct env {
  void *a, *b;
} env;

static lsc_var array(const char *name, size_t offset, unsigned flags, int64_t extent, lsc_slice in,
                     lsc_slice out) {
  lsc_var v = {.name = name,
               .kind = LSC_VAR_ARRAY,
               .flags = flags,
               .offset = offset,
               .size = sizeof(int),
               .extent = extent,
               .in = in,
               .out = out};
  return v;
}

static const lsc_slice row = {1, 0, 1, 1, 0, 0, 0}; /* iteration k touches [k, k+1) */
static const lsc_slice none = {0, 0, 0, 0, 0, 0, 0};

/* A column (strided) reaches its last repetition; a list's further slices count too. */
static void test_strided_and_lists(void) {
  int data[200];
  env e = {data, data};
  lsc_var v = array("a", offsetof(env, a), LSC_VAR_WRITE, 0, none, (lsc_slice){1, 0, 1, 1, 10, 0, 5});
  uintptr_t lo, hi;
  CHECK_EQ_INT(lsc_array_byte_range(&v, &e, 3, &lo, &hi), 1);
  CHECK(lo == (uintptr_t)&data[0] && hi == (uintptr_t)&data[43]); /* column 2, row 4: element 42 */
  v = array("a", offsetof(env, a), LSC_VAR_WRITE, 0, none, row);
  v.nout_more = 1;
  v.out_more[0] = (lsc_slice){1, 100, 1, 101, 0, 0, 0};
  CHECK_EQ_INT(lsc_array_byte_range(&v, &e, 3, &lo, &hi), 1);
  CHECK(lo == (uintptr_t)&data[0] && hi == (uintptr_t)&data[103]);
  int which = -1;
  v.out_more[0] = (lsc_slice){1, -4, 1, -3, 0, 0, 0}; /* a further slice below element 0 */
  CHECK_EQ_INT(lsc_find_below_zero(&v, 1, 3, &which), 1);
  CHECK_EQ_INT(which, 0);
}

static void test_byte_range_is_the_hull_over_the_instance(void) {
  int data[200];
  env e = {data, data};
  lsc_var v =
      array("a", offsetof(env, a), LSC_VAR_READ | LSC_VAR_WRITE, 200, row, (lsc_slice){1, 5, 1, 7, 0, 0, 0});
  uintptr_t lo, hi;
  CHECK_EQ_INT(lsc_array_byte_range(&v, &e, 10, &lo, &hi), 1);
  CHECK(lo == (uintptr_t)&data[0]);
  CHECK(hi == (uintptr_t)&data[16]); /* out ends at 9 + 7 */
  /* Clipped to the extent; nothing for an empty instance. */
  CHECK_EQ_INT(lsc_array_byte_range(&v, &e, 1000, &lo, &hi), 1);
  CHECK(hi == (uintptr_t)&data[200]);
  CHECK_EQ_INT(lsc_array_byte_range(&v, &e, 0, &lo, &hi), 0);
  /* A whole read covers [0, extent); a whole read of unknown extent covers everything. */
  v = array("a", offsetof(env, a), LSC_VAR_READ | LSC_VAR_WHOLE, 50, none, none);
  CHECK_EQ_INT(lsc_array_byte_range(&v, &e, 3, &lo, &hi), 1);
  CHECK(lo == (uintptr_t)&data[0] && hi == (uintptr_t)&data[50]);
  v.extent = 0;
  CHECK_EQ_INT(lsc_array_byte_range(&v, &e, 3, &lo, &hi), 1);
  CHECK(lo == 0 && hi == UINTPTR_MAX);
  /* Coefficients that overflow: all of memory, never a wrong "disjoint". */
  v = array("a", offsetof(env, a), LSC_VAR_WRITE, 0, none, (lsc_slice){INT64_MAX, 0, INT64_MAX, 1, 0, 0, 0});
  CHECK_EQ_INT(lsc_array_byte_range(&v, &e, 3, &lo, &hi), 1);
  CHECK(lo == 0 && hi == UINTPTR_MAX);
}

static void test_pairs(void) {
  int data[101];
  env e = {data + 1, data}; /* p = a + 1 */
  lsc_var vars[2] = {array("p", offsetof(env, a), LSC_VAR_WRITE, 0, none, row),
                     array("a", offsetof(env, b), LSC_VAR_READ, 101, row, none)};
  int first = -1, second = -1;
  CHECK_EQ_INT(lsc_find_overlap(vars, 2, &e, 100, &first, &second), 1);
  CHECK_EQ_INT(first, 0);
  CHECK_EQ_INT(second, 1);
  /* A promise skips the pair. */
  vars[0].flags |= LSC_VAR_NOALIAS;
  CHECK_EQ_INT(lsc_find_overlap(vars, 2, &e, 100, &first, &second), 0);
  /* Two reads may overlap. */
  vars[0].flags = LSC_VAR_READ;
  vars[0].in = row;
  CHECK_EQ_INT(lsc_find_overlap(vars, 2, &e, 100, &first, &second), 0);
  /* Disjoint halves of one array, one written: fine. */
  int big[200];
  env halves = {big, big + 100};
  lsc_var h[2] = {array("lo", offsetof(env, a), LSC_VAR_WRITE, 100, none, row),
                  array("hi", offsetof(env, b), LSC_VAR_READ, 100, row, none)};
  CHECK_EQ_INT(lsc_find_overlap(h, 2, &halves, 100, &first, &second), 0);
  /* One element of overlap is enough. */
  halves.b = big + 99;
  CHECK_EQ_INT(lsc_find_overlap(h, 2, &halves, 100, &first, &second), 1);
}

static void test_below_zero(void) {
  lsc_var v[2] = {array("a", 0, LSC_VAR_READ, 100, row, none),
                  array("p", 0, LSC_VAR_WRITE, 0, none, (lsc_slice){1, -10, 1, -9, 0, 0, 0})};
  int which = -1;
  /* p[i - 10] reaches below p[0] from the first iteration; for k >= 10 alone it would not. */
  CHECK_EQ_INT(lsc_find_below_zero(v, 2, 20, &which), 1);
  CHECK_EQ_INT(which, 1);
  v[1].out = (lsc_slice){1, 0, 1, 1, 0, 0, 0};
  CHECK_EQ_INT(lsc_find_below_zero(v, 2, 20, &which), 0);
  /* A decreasing slice reaches below zero at its last iteration. */
  v[0].in = (lsc_slice){-1, 5, -1, 6, 0, 0, 0};
  CHECK_EQ_INT(lsc_find_below_zero(v, 2, 6, &which), 0);
  CHECK_EQ_INT(lsc_find_below_zero(v, 2, 7, &which), 1);
}

int main(void) {
  RUN(test_strided_and_lists);
  RUN(test_below_zero);
  RUN(test_byte_range_is_the_hull_over_the_instance);
  RUN(test_pairs);
  return unit_result();
}
