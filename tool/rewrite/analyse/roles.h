/* roles.h - the footprints step: every variable's role, and every array's slices. */
#ifndef LSC_REWRITE_ANALYSE_ROLES_H
#define LSC_REWRITE_ANALYSE_ROLES_H

#include "analyse/result.h"

void resolve_variables(analysis *an);

#endif
