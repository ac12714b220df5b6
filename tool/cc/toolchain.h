/* Where lsc-cc finds its parts: the MPI C compiler, lsc-rewrite, lsc.h and liblsc. Works in a build tree
 * (<build>/bin, <source>/include, <build>/lib) and in an installed prefix (<prefix>/bin, include, lib),
 * located from lsc-cc's own path (/proc/self/exe); the configured prefix is the fallback when /proc is not
 * there to tell. */
#ifndef LSC_CC_TOOLCHAIN_H
#define LSC_CC_TOOLCHAIN_H

#include "str_list.h"

typedef struct toolchain {
  str_list compiler; /* --cc, else $LSC_MPICC, else the mpicc found at configure time; split at blanks */
  char *rewriter;    /* $LSC_REWRITE, else lsc-rewrite next to lsc-cc, else the fallbacks; NULL if none */
  char *include_dir; /* the folder holding lsc.h; NULL if none */
  char *lib_dir;     /* the folder holding liblsc.a (liblsc.so with --lsc-shared); NULL if none */
  char *searched_rewriter, *searched_include, *searched_lib; /* where they were looked for */
  str_list openmp_flags;                                     /* what liblsc's OpenMP needs at link time */
  str_list system_libs;
  str_list mpi_include_dirs;
} toolchain;

void locate_toolchain(toolchain *tools, const char *compiler_override, int link_shared);
void free_toolchain(toolchain *tools);

#endif
