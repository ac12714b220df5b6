/* resource_dir.h - where clang's own headers (stddef.h, stdarg.h) live. libclang guesses it from its own
 * path, which breaks when the library is installed apart from clang. */
#ifndef LSC_REWRITE_RESOURCE_DIR_H
#define LSC_REWRITE_RESOURCE_DIR_H

/* The resource directory as a fresh string, NULL when none is found. With `clang` NULL: the directory next
 * to the loaded libclang when its headers are really there (costs a stat), else the answer of
 * `<clang> -print-resource-dir` for the clang found at build time, then clang-19 on PATH. With `clang` set:
 * only that clang's answer. */
char *resource_dir_query(const char *clang);

#endif
