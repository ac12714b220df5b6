/* rewriter_flags.c - an allow-list: a flag reaches the rewriter only when it can change what the source
 * means to the parser (predefined and user macros, include search, language dialect, target). Anything else,
 * known or not, goes to the compiler alone, as mpicc passes what it does not know. */
#include "rewriter_flags.h"

#include <string.h>

static int starts_with(const char *text, const char *prefix) {
  return strncmp(text, prefix, strlen(prefix)) == 0;
}

static int in_list(const char *flag, const char *const *list) {
  for (; *list; list++)
    if (strcmp(flag, *list) == 0)
      return 1;
  return 0;
}

/* Prefixes of flags that change the preprocessor's view: -DX, -UX, -Idir, -std=c11, --sysroot=... */
static const char *const meaning_prefixes[] = {
    "-D",        "-U",           "-I",        "-std=",    "--std=",     "--sysroot",
    "-isysroot", "-include",     "-imacros",  "-isystem", "-idirafter", "-iquote",
    "-iprefix",  "-iwithprefix", "--target=", "-march=",  "-mcpu=",     "-mavx",
    "-msse",     "-mno-avx",     "-mno-sse",  NULL};
/* Whole flags: the ones that define macros (__OPTIMIZE__, _OPENMP, __PIC__, __FAST_MATH__, _REENTRANT,
 * __CHAR_UNSIGNED__, __STRICT_ANSI__) or change the target or dialect. */
static const char *const meaning_flags[] = {"-ansi",
                                            "-undef",
                                            "-nostdinc",
                                            "-m32",
                                            "-m64",
                                            "-mx32",
                                            "-mfma",
                                            "-mno-fma",
                                            "-fopenmp",
                                            "-fno-openmp",
                                            "-fPIC",
                                            "-fpic",
                                            "-fPIE",
                                            "-fpie",
                                            "-fno-pic",
                                            "-fno-pie",
                                            "-ffast-math",
                                            "-fno-fast-math",
                                            "-pthread",
                                            "-funsigned-char",
                                            "-fsigned-char",
                                            "-fshort-enums",
                                            "-fshort-wchar",
                                            "-ffreestanding",
                                            "-fno-builtin",
                                            "-fgnu89-inline",
                                            "-fms-extensions",
                                            "-fwrapv",
                                            "-target",
                                            "-fno-signed-char",
                                            "-fno-unsigned-char",
                                            NULL};

int rewriter_needs_flag(const char *flag) {
  if (flag[0] != '-')
    return 0;
  /* -O, -O2, -Os, -Ofast: __OPTIMIZE__ (and __OPTIMIZE_SIZE__, __FAST_MATH__) */
  if (flag[1] == 'O')
    return 1;
  for (const char *const *p = meaning_prefixes; *p; p++)
    if (starts_with(flag, *p))
      return 1;
  return in_list(flag, meaning_flags) || starts_with(flag, "-fno-builtin-");
}

int is_rewriter_option(const char *arg) {
  return starts_with(arg, "--") || strcmp(arg, "-w") == 0 || starts_with(arg, "-W") ||
         strcmp(arg, "-fdiagnostics-parseable-fixits") == 0 || strcmp(arg, "-Rpass=lsc") == 0;
}

int is_lsc_warning_flag(const char *flag) {
  static const char *const prefixes[] = {"-Wlsc-", "-Wno-lsc-", "-Werror=lsc-", "-Wno-error=lsc-", NULL};
  for (const char *const *p = prefixes; *p; p++)
    if (starts_with(flag, *p))
      return 1;
  return 0;
}

int is_shared_diagnostic_flag(const char *flag) {
  static const char *const shared[] = {"-w", "-Werror", "-Wno-error", "-fdiagnostics-parseable-fixits", NULL};
  return in_list(flag, shared);
}
