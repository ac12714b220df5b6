/* sync_value.h - the value of sync(h). */
#ifndef LSC_REWRITE_ANALYSE_SYNC_VALUE_H
#define LSC_REWRITE_ANALYSE_SYNC_VALUE_H

#include "analyse/result.h"

/* Folds sync(h) (literals and object-like macros) into nest.sync. 0 or -1. */
int nest_sync_value(analysis *an);
/* A constant integer expression of literals and object-like macros (as sync(h) takes): 0 and its value. */
int fold_constant(analysis *an, const char *text, int64_t *value);

#endif
