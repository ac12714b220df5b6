/* callees.h - a call in the loop body and everything it reaches: library calls that do I/O (warned), jump
 * (refused) or keep hidden state (refused unless the pragma names them in hidden_state(...)); functions
 * defined in the translation unit are walked through the call graph for the static storage they read (it
 * must reach the workers) or write (refused, with the variable and the call path). */
#ifndef LSC_REWRITE_ANALYSE_CALLEES_H
#define LSC_REWRITE_ANALYSE_CALLEES_H

#include "analyse/result.h"

/* One function of the call path being walked, and the call that entered it. */
typedef struct callee_frame {
  char *name;
  CXCursor call;
  int opted_in; /* named in hidden_state(...): what it and its callees write stays per process */
} callee_frame;

typedef struct callee_visit {
  CXCursor fn;
  int opted_in; /* walked only under an opt-in: walked again if a path without one reaches it */
} callee_visit;

/* The state of the callee walk for one loop, owned by the body walk: the definitions already walked (each
 * once), the path from the loop to the function being walked, and every function name the loop reaches
 * (for the check of hidden_state items). */
typedef struct callee_visits {
  callee_visit *fns;
  size_t count, cap;
  callee_frame *path; /* path[0] is called by the loop body */
  size_t depth, path_cap;
  int opted_in; /* functions on the path named in hidden_state(...) */
  char **reached;
  size_t nreached, reached_cap;
} callee_visits;

void scan_call(analysis *an, callee_visits *visits, CXCursor call);
/* After the walk: hidden_state items that name no function the loop reaches are warned about. */
void callee_check_opt_ins(analysis *an, const callee_visits *visits);
void callee_visits_free(callee_visits *visits);
/* setjmp, longjmp and their kin: a call that is refused as a whole. */
int callee_is_nonlocal_jump(const char *name);

#endif
