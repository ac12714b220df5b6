/* int_type.h - integer types as C counts with them: width and signedness, read from libclang types (typedefs,
 * qualifiers and enums seen through), with the conversions C applies between them. Induction variables and
 * their comparisons are typed with these (analyse/iv_types.c); lsc.h's LSC_I32-style codes name them. */
#ifndef LSC_REWRITE_SUPPORT_INT_TYPE_H
#define LSC_REWRITE_SUPPORT_INT_TYPE_H

#include <clang-c/Index.h>
#include <stdint.h>

typedef struct int_type {
  int bits; /* 8, 16, 32 or 64 */
  int is_signed;
} int_type;

/* 1 and *out for an integer type of 8 to 64 bits (char, short, int, long, long long, signed or unsigned, and
 * their typedefs and enums); 0 for _Bool, __int128, floating, pointer and other types. */
int int_type_of(CXType t, int_type *out);
/* Whether every value of `inner` is a value of `outer`: converting inner to outer keeps the value. */
int int_type_holds(int_type outer, int_type inner);
/* lsc.h's name of the type's code: "LSC_I32", "LSC_U8", ... */
const char *int_type_code_name(int_type t);
/* lsc.h's code of the type: width times two, plus one when signed. */
int int_type_code(int_type t);
/* The low bits of a 64-bit pattern read as a value of t: sign- or zero-extended to 64 bits (for a 64-bit
 * unsigned value above INT64_MAX, the pattern itself). */
int64_t int_type_value(int_type t, uint64_t pattern);
/* The intN_t of t's width, for casts in generated code. */
const char *int_type_signed_name(int_type t);

#endif
