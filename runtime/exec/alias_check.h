/* alias_check.h - the run-time overlap check at the entry of a loop instance (data/overlap.h), with what the
 * user sees of it: a note on stderr the first time a loop site falls back, and the reason in LSC_STATS. */
#ifndef LSC_EXEC_ALIAS_CHECK_H
#define LSC_EXEC_ALIAS_CHECK_H

#include "lsc.h"

#include <stddef.h>
#include <stdint.h>

/* 1 when the instance must run on rank 0 alone because two of its arrays overlap; `why` then says which
 * ("arrays overlap: 'p' and 'a'"). `site` identifies the loop for the one-time note. */
int lsc_instance_overlaps(const void *site, const char *file, int line, const lsc_var *vars, int nvars,
                          const void *env, int64_t n, char *why, size_t why_len);

#endif
