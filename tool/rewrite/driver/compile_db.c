#define _XOPEN_SOURCE 700
#include "driver/compile_db.h"

#include "support/strbuf.h"

#include <clang-c/CXCompilationDatabase.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void compile_flags_free(compile_flags *f) {
  for (size_t i = 0; i < f->count; i++)
    free(f->args[i]);
  free(f->args);
  free(f->directory);
  memset(f, 0, sizeof *f);
}

static int same_file(const char *arg, const char *directory, const char *abs_path) {
  char joined[PATH_MAX], resolved[PATH_MAX];
  if (arg[0] == '/')
    snprintf(joined, sizeof joined, "%s", arg);
  else
    snprintf(joined, sizeof joined, "%s/%s", directory, arg);
  return realpath(joined, resolved) && strcmp(resolved, abs_path) == 0;
}

static void keep_parsing_flags(CXCompileCommand cmd, const char *directory, const char *abs_path,
                               compile_flags *out) {
  unsigned n = clang_CompileCommand_getNumArgs(cmd);
  for (unsigned i = 1; i < n; i++) { /* argument 0 is the compiler */
    CXString s = clang_CompileCommand_getArg(cmd, i);
    const char *a = clang_getCString(s);
    int skip_next = strcmp(a, "-o") == 0;
    int drop = skip_next || strcmp(a, "-c") == 0 || strcmp(a, "--") == 0 || strncmp(a, "-o", 2) == 0 ||
               (a[0] != '-' && same_file(a, directory, abs_path));
    if (!drop) {
      char *copy = xstrdup(a);
      VEC_PUSH(out->args, out->count, out->cap, copy);
    }
    clang_disposeString(s);
    i += skip_next;
  }
}

compile_db_status compile_db_lookup(const char *build_dir, const char *abs_path, compile_flags *out) {
  memset(out, 0, sizeof *out);
  CXCompilationDatabase_Error err;
  CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(build_dir, &err);
  if (err != CXCompilationDatabase_NoError || !db)
    return COMPILE_DB_UNREADABLE;
  /* getCompileCommands would invent flags for files the database does not list (by interpolation): look
   * for the file's own entry instead, so a missing entry is reported rather than guessed. */
  CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
  compile_db_status status = COMPILE_DB_NO_ENTRY;
  unsigned n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
  for (unsigned i = 0; i < n && status != COMPILE_DB_FOUND; i++) {
    /* Only an entry for this very file: a guess from a neighbour's flags would hide missing flags. */
    CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
    CXString dir = clang_CompileCommand_getDirectory(cmd), file = clang_CompileCommand_getFilename(cmd);
    if (same_file(clang_getCString(file), clang_getCString(dir), abs_path)) {
      out->directory = xstrdup(clang_getCString(dir));
      keep_parsing_flags(cmd, out->directory, abs_path, out);
      status = COMPILE_DB_FOUND;
    }
    clang_disposeString(dir);
    clang_disposeString(file);
  }
  if (cmds)
    clang_CompileCommands_dispose(cmds);
  clang_CompilationDatabase_dispose(db);
  return status;
}
