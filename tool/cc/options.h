/* lsc-cc's command line: its own --options, and the user's compiler arguments sorted by the steps that need
 * them. Parsing never exits; the caller reports `error` and exits 2. */
#ifndef LSC_CC_OPTIONS_H
#define LSC_CC_OPTIONS_H

#include "str_list.h"

typedef enum cc_mode {
  CC_MODE_LINK,       /* no -c/-S/-E: build an executable (or whatever the link flags ask for) */
  CC_MODE_COMPILE,    /* -c */
  CC_MODE_ASSEMBLE,   /* -S */
  CC_MODE_PREPROCESS, /* -E */
  CC_MODE_SYNTAX      /* -fsyntax-only: rewrite (lsc checks its loops) and check, write nothing */
} cc_mode;

/* --showme[:what], as Open MPI's wrappers: print instead of run. */
typedef enum cc_showme {
  CC_SHOWME_NONE,
  CC_SHOWME_COMMAND, /* --showme: the commands (with inputs), or the compiler with lsc's flags (without) */
  CC_SHOWME_COMPILE, /* --showme:compile: the flags lsc-cc adds to a compile */
  CC_SHOWME_LINK     /* --showme:link: the flags lsc-cc adds to a link */
} cc_showme;

typedef enum cc_item_kind {
  CC_ITEM_COMPILE_FLAG, /* every compile and the link; the rewriter when it changes the source's meaning */
  CC_ITEM_LINK_FLAG,    /* -l, -L, -Wl,...: the link only; order among inputs kept */
  CC_ITEM_LANGUAGE,     /* -x LANG: positional, it changes how later inputs are read */
  CC_ITEM_REWRITER,     /* -Xlsc ARG: ARG for the rewriter only */
  CC_ITEM_INPUT
} cc_item_kind;

typedef struct cc_item {
  cc_item_kind kind;
  str_list words;  /* the flag and its separate value, if any, or the input's path */
  int is_c_source; /* inputs: a .c file, or any file after -x c */
} cc_item;

typedef struct cc_options {
  cc_item *items; /* in command-line order */
  size_t item_count;
  cc_mode mode;
  const char *output;   /* -o */
  const char *keep_dir; /* --keep-dir=DIR: write rewritten files there and keep them */
  const char *compiler; /* --cc=CMD */
  int show;             /* --show, or --showme with inputs */
  cc_showme showme;     /* --showme[:compile|:link] */
  int link_shared;      /* --lsc-shared */
  int help, version;
  int input_count;
  int uses_language_flag; /* some -x was given */
} cc_options;

/* 0 on success; else `error` holds a one-line message (static storage or owned by the options). */
int parse_options(int argc, char **argv, cc_options *options, const char **error);
void free_options(cc_options *options);

#endif
