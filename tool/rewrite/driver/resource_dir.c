/* dladdr (where the loaded libclang lives) is a GNU extension. */
#define _GNU_SOURCE
#include "driver/resource_dir.h"

#include "support/strbuf.h"

#include <clang-c/Index.h>
#include <dlfcn.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef LSC_CLANG_DEFAULT
#define LSC_CLANG_DEFAULT "clang-19"
#endif

static char *ask(const char *clang) {
  if (strchr(clang, '\'') || (strchr(clang, '/') && access(clang, X_OK) != 0))
    return NULL;
  char *cmd = xasprintf("'%s' -print-resource-dir 2>/dev/null", clang);
  FILE *p = popen(cmd, "r");
  free(cmd);
  if (!p)
    return NULL;
  char line[4096];
  char *got = fgets(line, sizeof line, p);
  int status = pclose(p);
  if (!got || status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return NULL;
  line[strcspn(line, "\r\n")] = '\0';
  return line[0] ? xstrdup(line) : NULL;
}

/* <libdir>/clang/<major>, as libclang itself would use, if its stddef.h exists. Asking clang costs a process
 * start (about a third of rewriting a 10,000-line file), so this check comes first. */
static char *beside_libclang(void) {
  Dl_info info;
  if (!dladdr((void *)clang_createIndex, &info) || !info.dli_fname)
    return NULL;
  CXString version = clang_getClangVersion();
  const char *v = strstr(clang_getCString(version), "version ");
  int major = v ? atoi(v + 8) : 0;
  clang_disposeString(version);
  if (major <= 0)
    return NULL;
  char *lib = xstrdup(info.dli_fname);
  char *dir = xasprintf("%s/clang/%d", dirname(lib), major);
  free(lib);
  char *probe = xasprintf("%s/include/stddef.h", dir);
  int found = access(probe, R_OK) == 0;
  free(probe);
  if (!found) {
    free(dir);
    return NULL;
  }
  return dir;
}

char *resource_dir_query(const char *clang) {
  if (clang)
    return ask(clang);
  char *near = beside_libclang();
  if (near)
    return near;
  char *dir = ask(LSC_CLANG_DEFAULT);
  return dir ? dir : ask("clang-19");
}
