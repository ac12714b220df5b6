/* call_args.h - reading the arguments of a call: which ones hand the callee a pointer into an array, and
 * whether the callee promises not to write through it. Pure questions about cursors; the walk decides. */
#ifndef LSC_REWRITE_ANALYSE_CALL_ARGS_H
#define LSC_REWRITE_ANALYSE_CALL_ARGS_H

#include <clang-c/Index.h>

/* Whether parameter i of callee is a pointer to const. */
int parameter_is_const_pointer(CXCursor callee, unsigned i);
/* The array an argument points into: a, &a[i], a[i] (a row), a + e give a's reference; otherwise arg. */
CXCursor array_argument_root(CXCursor arg);

#endif
