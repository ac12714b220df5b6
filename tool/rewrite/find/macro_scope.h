/* macro_scope.h - macros defined inside a function. The outlined body is placed before the function, where
 * such a macro is not defined yet: a loop whose body expands one is refused. */
#ifndef LSC_REWRITE_MACRO_SCOPE_H
#define LSC_REWRITE_MACRO_SCOPE_H

#include <clang-c/Index.h>
#include <stddef.h>

typedef struct local_macro_use {
  size_t expansion;  /* where the main file expands it */
  size_t definition; /* where the main file defines it, inside [function_begin, function_end) */
  char *name;
} local_macro_use;

typedef struct local_macro_uses {
  local_macro_use *items;
  size_t count, cap;
} local_macro_uses;

/* Expansions, anywhere in the main file, of macros the main file defines between begins[i] and ends[i]
 * (the function definitions). */
void find_local_macro_uses(CXTranslationUnit tu, const size_t *begins, const size_t *ends, size_t nspans,
                           local_macro_uses *out);
void local_macro_uses_free(local_macro_uses *uses);

#endif
