/* doall_depend.h - the dependences of a `parallel for`: there must be none between different iterations. */
#ifndef LSC_REWRITE_ANALYSE_DOALL_DEPEND_H
#define LSC_REWRITE_ANALYSE_DOALL_DEPEND_H

#include "analyse/result.h"

/* 0 when no iteration touches the elements of v (index vi) that another writes; -1 with an error. The
 * accesses of v must have their shapes (shape_access). With rule, accesses of an array of arrays that no
 * subscript lets meet are independent by the in-bounds rule (subscripts.c), and *used is set. */
int check_dependences(analysis *an, body_var *v, int vi, int rule, int *used);

#endif
