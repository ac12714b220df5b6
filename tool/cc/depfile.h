/* Dependency files (-MD, -MMD, -M, -MM) of rewritten sources. The compiler sees the rewritten copy, so the
 * file it writes names that copy, which is gone after the build: make would then stop with "no rule to make
 * target". lsc-cc puts the user's source back in its place. */
#ifndef LSC_CC_DEPFILE_H
#define LSC_CC_DEPFILE_H

#include "options.h"

/* The dependency file a compile to `output` (NULL: the compiler's default, stdout for -E) writes under the
 * user's flags; NULL when it writes none, or writes to stdout. */
char *dependency_file_of(const cc_options *options, const char *output);

/* Replaces every occurrence of `copy` in the file with `original`. 0, or -1 with a message on stderr. */
int name_original_in_dependency_file(const char *path, const char *copy, const char *original);

#endif
