/* int_type.c - integer types by width and signedness (int_type.h). libclang gives every type a kind and a
 * size; enums are read through their underlying integer type, and plain char through the target's choice
 * (Char_S or Char_U), so `char c` counts as the compiler will run it. */
#define _XOPEN_SOURCE 700
#include "support/int_type.h"
#include "support/cursor_util.h"

#include "lsc.h"

int int_type_of(CXType t, int_type *out) {
  CXType c = canonical(t);
  if (c.kind == CXType_Enum)
    c = canonical(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(c)));
  int is_signed;
  switch (c.kind) {
  case CXType_Char_S:
  case CXType_SChar:
  case CXType_Short:
  case CXType_Int:
  case CXType_Long:
  case CXType_LongLong:
    is_signed = 1;
    break;
  case CXType_Char_U:
  case CXType_UChar:
  case CXType_UShort:
  case CXType_UInt:
  case CXType_ULong:
  case CXType_ULongLong:
    is_signed = 0;
    break;
  default:
    return 0; /* _Bool (++ saturates rather than counts), __int128, floating and non-arithmetic types */
  }
  long long size = clang_Type_getSizeOf(c);
  if (size != 1 && size != 2 && size != 4 && size != 8)
    return 0;
  out->bits = (int)size * 8;
  out->is_signed = is_signed;
  return 1;
}

int int_type_holds(int_type outer, int_type inner) {
  if (inner.is_signed)
    return outer.is_signed && outer.bits >= inner.bits;
  return outer.is_signed ? outer.bits > inner.bits : outer.bits >= inner.bits;
}

int int_type_code(int_type t) {
  return t.bits * 2 + (t.is_signed ? 1 : 0);
}

const char *int_type_code_name(int_type t) {
  /* Spelled from lsc.h's own list, so the names cannot drift from the codes the runtime reads. */
#define LSC_INT_TYPE_NAME_(name, width, sign)                                                                \
  if (t.bits == (width) && (t.is_signed != 0) == (sign))                                                     \
    return "LSC_" #name;
  LSC_INT_TYPES(LSC_INT_TYPE_NAME_)
#undef LSC_INT_TYPE_NAME_
  return "LSC_TRIP_INVALID";
}

int64_t int_type_value(int_type t, uint64_t pattern) {
  if (t.bits >= 64)
    return (int64_t)pattern;
  uint64_t low = pattern & ((UINT64_C(1) << t.bits) - 1);
  if (t.is_signed && (low >> (t.bits - 1)) != 0)
    return (int64_t)low - (INT64_C(1) << t.bits);
  return (int64_t)low;
}

const char *int_type_signed_name(int_type t) {
  return t.bits == 8 ? "int8_t" : t.bits == 16 ? "int16_t" : t.bits == 32 ? "int32_t" : "int64_t";
}
