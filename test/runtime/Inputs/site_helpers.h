/* site_helpers.h - the lsc_site and lsc_var set-up of the hand-written runtime tests, as designated
 * initializers: a test says what a variable is (an array written one element per iteration, a reduction, a
 * scalar) and every field it does not name stays 0, which include/lsc.h reads as "not given". Written once
 * here so a change of lsc_site or lsc_var is one edit, not one per test. The tests include it as
 * "Inputs/site_helpers.h", next to them; lit does not run what is under Inputs/.
 */
#ifndef LSC_TEST_SITE_HELPERS_H
#define LSC_TEST_SITE_HELPERS_H

#include "lsc.h"

#include <stddef.h>

/* A site at the line that writes it, with its clauses as designated initializers (at least one; a site
 * without clauses is LSC_SITE_INIT):
 *   static const lsc_site site = TEST_SITE(body, bind, struct env, .schedule = "gss", .alpha = "75"); */
#define TEST_SITE(body_, bind_, env_type_, ...)                                                              \
  {                                                                                                          \
    .magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION, .file = __FILE__, .line = __LINE__, .body = (body_),    \
    .bind = (bind_), .env_size = sizeof(env_type_), __VA_ARGS__                                              \
  }

/* The bytes of an env field: scalars and reductions travel as their field. */
#define TEST_FIELD_SIZE(env_type_, field_) sizeof(((env_type_ *)0)->field_)

/* A scalar the body reads, copied from rank 0's env to every worker's. */
#define TEST_SCALAR(env_type_, field_)                                                                       \
  {                                                                                                          \
    .name = #field_, .kind = LSC_VAR_SCALAR, .offset = offsetof(env_type_, field_),                          \
    .size = TEST_FIELD_SIZE(env_type_, field_)                                                               \
  }

/* A reduction of the env field by `op_`; `type_` is its lsc_type. */
#define TEST_REDUCTION(env_type_, field_, type_, op_)                                                        \
  {                                                                                                          \
    .name = #field_, .kind = LSC_VAR_REDUCTION, .offset = offsetof(env_type_, field_),                       \
    .size = TEST_FIELD_SIZE(env_type_, field_), .type = (type_), .op = (op_)                                 \
  }

/* An array of `elem_type_` reached through a pointer field, `extent_` elements long (0: unknown); its slices
 * follow as designated initializers, .in for LSC_VAR_READ and .out for LSC_VAR_WRITE:
 *   TEST_ARRAY(struct env, out, double, LSC_VAR_WRITE | LSC_VAR_OUT_EXACT, n, .out = TEST_SLICE_K) */
#define TEST_ARRAY(env_type_, field_, elem_type_, flags_, extent_, ...)                                      \
  {                                                                                                          \
    .name = #field_, .kind = LSC_VAR_ARRAY, .flags = (flags_), .offset = offsetof(env_type_, field_),        \
    .size = sizeof(elem_type_), .extent = (extent_), __VA_ARGS__                                             \
  }

/* The slices most tests need: element k for iteration k, and row k of a row-major array `width_` wide. */
#define TEST_SLICE_K                                                                                         \
  { 1, 0, 1, 1 }
#define TEST_SLICE_ROW(width_)                                                                               \
  { (width_), 0, (width_), (width_) }

/* The number of entries of an array of vars. */
#define TEST_COUNT(array_) ((int)(sizeof(array_) / sizeof((array_)[0])))

#endif
