/* cursor_util.h - small conveniences over libclang cursors shared by the analysis stages. */
#ifndef LSC_REWRITE_CURSOR_UTIL_H
#define LSC_REWRITE_CURSOR_UTIL_H

#include "support/source_file.h"

#include <clang-c/Index.h>
#include <stddef.h>

typedef struct cursor_list {
  CXCursor *items;
  size_t count, cap;
} cursor_list;

/* The direct children of c, in source order. Free with cursor_list_free. */
void cursor_children(CXCursor c, cursor_list *out);
void cursor_list_free(cursor_list *list);

/* Through parentheses and implicit conversions (which libclang shows as UnexposedExpr with one child). */
CXCursor cursor_strip(CXCursor c);
/* Byte offsets of c's extent in the main file, at the macro expansion site, widened to whole macro uses
 * (support/macro_range.h). */
void cursor_offsets(CXCursor c, size_t *begin, size_t *end);
size_t cursor_offset(CXCursor c);
/* The user's text of c's extent (expansion range), fresh string. */
char *cursor_source_text(CXCursor c, const source_file *sf);
char *cursor_name(CXCursor c);
char *type_name(CXType t);
/* A declaration of `name` with type spelling `type`: "int n", "double (*x)[m]", "int (*f)(int)". */
char *declarator(const char *type, const char *name);
/* 1 if c is declared in the main file. */
int cursor_in_main_file(CXCursor c);
/* Integer value of a constant expression (macros folded); 0 when it is not one. */
int cursor_int_value(CXCursor c, long long *value);
/* The variable a DeclRefExpr refers to, or a null cursor. */
CXCursor referenced_variable(CXCursor c);
/* 1 for file-scope (or extern) variables; 2 for static locals; 0 for automatic locals and parameters. */
int variable_storage(CXCursor var);
/* 1 when an object of type t cannot be modified: const itself, or an array (of arrays) of const elements.
 * The qualifier may sit on any level (libclang reports `const int[16]` with an unqualified element type),
 * so each level is asked. */
int type_is_const_object(CXType t);
/* Strips typedefs and qualifiers. */
CXType canonical(CXType t);
int type_is_integer(CXType t);
int type_is_arithmetic(CXType t);

#endif
