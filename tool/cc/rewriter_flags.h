/* rewriter_flags.h - which of the user's compile flags lsc-rewrite gets. The rewriter parses the source with
 * clang to find and prove loops; it needs what changes the meaning of the source (macros, include paths, the
 * language standard, the target), not what changes code generation or warnings. Passing it everything broke
 * gcc builds: gcc-only flags (-fipa-pta, -fopt-info-vec) are unknown to clang. */
#ifndef LSC_CC_REWRITER_FLAGS_H
#define LSC_CC_REWRITER_FLAGS_H

/* Whether a compile flag (its first word: `-I` of `-I dir`, or the joined `-Idir`) reaches the rewriter. */
int rewriter_needs_flag(const char *flag);
/* Whether an -Xlsc argument is one of lsc-rewrite's own options (it goes before `--`), rather than a flag
 * for its parser (after `--`). */
int is_rewriter_option(const char *arg);

/* lsc-rewrite's own warning flags (-Wlsc-..., -Wno-lsc-..., -Werror=lsc-..., -Wno-error=lsc-...): the
 * rewriter's only; the compiler would not know them. */
int is_lsc_warning_flag(const char *flag);
/* Diagnostic switches meant for every tool of the build (-w, -Werror, -Wno-error,
 * -fdiagnostics-parseable-fixits): the compiler gets them, and the rewriter too, before `--`. */
int is_shared_diagnostic_flag(const char *flag);

#endif
