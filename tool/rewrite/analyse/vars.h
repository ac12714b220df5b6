/* vars.h - the variable table of an analysis: every variable the loop touches, registered when first met,
 * with what its declaration and the pragma's clauses say about it; and the shape of an array from its type.
 */
#ifndef LSC_REWRITE_ANALYSE_VARS_H
#define LSC_REWRITE_ANALYSE_VARS_H

#include "analyse/result.h"

/* The index of decl's variable, registered on first use. */
int var_index(analysis *an, CXCursor decl);
/* Fills v's dimensions, element type and extent from its declared type, once. */
void array_shape(analysis *an, body_var *v);

#endif
