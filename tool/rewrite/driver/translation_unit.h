/* translation_unit.h - parses one input with libclang and reports its errors the way clang does. */
#ifndef LSC_REWRITE_TRANSLATION_UNIT_H
#define LSC_REWRITE_TRANSLATION_UNIT_H

#include "support/diag.h"
#include "support/source_file.h"

#include <clang-c/Index.h>

/* Parses parse_path (the name libclang opens) with `args`; errors in the input are recorded in sink with
 * the main file renamed to sf->path. Returns NULL when the file did not parse. */
CXTranslationUnit translation_unit_parse(CXIndex index, const char *parse_path, char *const *args,
                                         size_t nargs, const char *resource_dir, const source_file *sf,
                                         diag_sink *sink);

#endif
