/* Dependence distances of pipelined nests: the equations each subscript gives, solved. */
#include "support/distance.h"
#include "unit.h"

static distance_result solve2(distance_eq x, distance_eq y, int64_t *d1, int64_t *d2) {
  distance_eq eqs[2] = {x, y};
  return distance_solve(eqs, 2, d1, d2);
}

static void test_heat_and_lcs_distances(void) {
  int64_t d1 = 99, d2 = 99;
  /* u[i][j] written, u[i-1][j] read: subscripts i = i' - 1, j = j' -> (d1, d2) = (1, 0) */
  distance_eq rows[2] = {{1, 0, 1}, {0, 1, 0}};
  CHECK_EQ_INT(distance_solve(rows, 2, &d1, &d2), DISTANCE_CONSTANT);
  CHECK_EQ_INT(d1, 1);
  CHECK_EQ_INT(d2, 0);
  /* table[i-1][j-1]: (1, 1) */
  CHECK_EQ_INT(solve2((distance_eq){1, 0, 1}, (distance_eq){0, 1, 1}, &d1, &d2), DISTANCE_CONSTANT);
  CHECK_EQ_INT(d1, 1);
  CHECK_EQ_INT(d2, 1);
  /* the same element in the same iteration */
  CHECK_EQ_INT(solve2((distance_eq){1, 0, 0}, (distance_eq){0, 1, 0}, &d1, &d2), DISTANCE_CONSTANT);
  CHECK_EQ_INT(d1, 0);
  CHECK_EQ_INT(d2, 0);
}

static void test_mixed_subscripts(void) {
  int64_t d1 = 0, d2 = 0;
  /* a[i + j][j]: d1 + d2 = 2, d2 = 1 -> (1, 1) */
  CHECK_EQ_INT(solve2((distance_eq){1, 1, 2}, (distance_eq){0, 1, 1}, &d1, &d2), DISTANCE_CONSTANT);
  CHECK_EQ_INT(d1, 1);
  CHECK_EQ_INT(d2, 1);
  /* a[i][2*j] against a[i][2*j + 1]: 2*d2 = 1 has no integer solution */
  CHECK_EQ_INT(solve2((distance_eq){1, 0, 0}, (distance_eq){0, 2, 1}, &d1, &d2), DISTANCE_NONE);
  /* inconsistent third equation */
  distance_eq three[3] = {{1, 0, 1}, {0, 1, 0}, {1, 1, 5}};
  CHECK_EQ_INT(distance_solve(three, 3, &d1, &d2), DISTANCE_NONE);
}

static void test_lines_and_constants(void) {
  int64_t d1, d2;
  /* a[i + j] alone: a whole line of distances */
  distance_eq line[1] = {{1, 1, 1}};
  CHECK_EQ_INT(distance_solve(line, 1, &d1, &d2), DISTANCE_NOT_CONSTANT);
  /* a[2*i + 2*j] against a[2*i + 2*j + 1]: the line has no integer point */
  distance_eq odd[1] = {{2, 2, 1}};
  CHECK_EQ_INT(distance_solve(odd, 1, &d1, &d2), DISTANCE_NONE);
  /* two proportional equations that disagree */
  CHECK_EQ_INT(solve2((distance_eq){1, 1, 1}, (distance_eq){2, 2, 3}, &d1, &d2), DISTANCE_NONE);
  /* a[0] in every iteration: nothing ties it to the iteration */
  distance_eq fixed[1] = {{0, 0, 0}};
  CHECK_EQ_INT(distance_solve(fixed, 1, &d1, &d2), DISTANCE_NOT_CONSTANT);
  /* a[i][0] against a[i][1]: never the same element */
  CHECK_EQ_INT(solve2((distance_eq){1, 0, 0}, (distance_eq){0, 0, 1}, &d1, &d2), DISTANCE_NONE);
  CHECK_EQ_INT(distance_solve(NULL, 0, &d1, &d2), DISTANCE_NOT_CONSTANT);
}

static void test_overflow_gives_up(void) {
  int64_t d1, d2;
  int64_t big = INT64_MAX / 2;
  CHECK_EQ_INT(solve2((distance_eq){big, 3, 1}, (distance_eq){5, big, 1}, &d1, &d2), DISTANCE_NOT_CONSTANT);
}

static void test_order_and_skew(void) {
  CHECK_EQ_INT(distance_lex_sign(1, -5), 1);
  CHECK_EQ_INT(distance_lex_sign(0, 2), 1);
  CHECK_EQ_INT(distance_lex_sign(0, -1), -1);
  CHECK_EQ_INT(distance_lex_sign(-1, 3), -1);
  CHECK_EQ_INT(distance_lex_sign(0, 0), 0);
  CHECK_EQ_INT(distance_skew(1, -1), 1); /* Floyd-Steinberg */
  CHECK_EQ_INT(distance_skew(2, -3), 2); /* ceil(3/2) */
  CHECK_EQ_INT(distance_skew(2, -4), 2);
  CHECK_EQ_INT(distance_skew(3, -1), 1);
  CHECK_EQ_INT(distance_skew(1, 0), 0);
  CHECK_EQ_INT(distance_skew(0, 1), 0);
}

int main(void) {
  RUN(test_heat_and_lcs_distances);
  RUN(test_mixed_subscripts);
  RUN(test_lines_and_constants);
  RUN(test_overflow_gives_up);
  RUN(test_order_and_skew);
  return unit_result();
}
