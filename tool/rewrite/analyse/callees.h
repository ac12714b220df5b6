/* callees.h - a call in the loop body: I/O and non-local jumps, and for a function defined in this file, the
 * globals it reads (they must reach the workers) or writes (refused), through its own calls too. */
#ifndef LSC_REWRITE_ANALYSE_CALLEES_H
#define LSC_REWRITE_ANALYSE_CALLEES_H

#include "analyse/result.h"

/* The definitions already walked for one loop: each callee is analysed once. Owned by the body walk. */
typedef struct callee_visits {
  CXCursor *fns;
  size_t count, cap;
} callee_visits;

void scan_call(analysis *an, callee_visits *visits, CXCursor call);
void callee_visits_free(callee_visits *visits);
/* setjmp, longjmp and their kin: a call that is refused as a whole. */
int callee_is_nonlocal_jump(const char *name);

#endif
