/* feature_prelude.h - where the generated `#include <lsc.h>` may go without changing the user's program. */
#ifndef LSC_EMIT_FEATURE_PRELUDE_H
#define LSC_EMIT_FEATURE_PRELUDE_H

#include "support/source_file.h"

#include <stddef.h>

/* The end of the file's leading feature-test macros (`#define _GNU_SOURCE`, `#define _POSIX_C_SOURCE
 * 200809L`,
 * `#undef _FORTIFY_SOURCE`, `#define __STDC_WANT_LIB_EXT1__ 1`, ...), with the comments and blank lines among
 * them: the offset of the line after the last one, 0 when the file does not start with any. */
size_t feature_prelude_end(const source_file *sf);

#endif
