#include "toolchain.h"

#include "lsc_cc_config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void split_into(str_list *list, const char *text, const char *separators) {
  char *copy = str_copy(text);
  for (char *word = strtok(copy, separators); word; word = strtok(NULL, separators))
    str_list_push(list, word);
  free(copy);
}

/* The folder holding the running executable, or NULL when /proc is not there to say. */
static char *own_directory(void) {
  char path[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  if (length <= 0)
    return NULL;
  path[length] = '\0';
  char *slash = strrchr(path, '/');
  if (!slash)
    return NULL;
  *slash = '\0';
  return str_copy(path);
}

static char *join_path(const char *dir, const char *name) {
  char *with_slash = str_concat(dir, "/");
  char *joined = str_concat(with_slash, name);
  free(with_slash);
  return joined;
}

/* `dir` if it holds `file` with the given access mode, canonical (so commands read <prefix>/lib rather than
 * <prefix>/bin/../lib); else NULL. */
static char *dir_with(const char *dir, const char *file, int mode) {
  char *candidate = join_path(dir, file);
  int found = access(candidate, mode) == 0;
  free(candidate);
  char canonical[PATH_MAX];
  return !found ? NULL : str_copy(realpath(dir, canonical) ? canonical : dir);
}

/* `path` without `..` steps where the file system can say: whole if it exists, else its parent. */
static char *tidy_path(char *path) {
  char canonical[PATH_MAX];
  char *tidy = NULL;
  char *slash = strrchr(path, '/');
  if (realpath(path, canonical)) {
    tidy = str_copy(canonical);
  } else if (slash && slash != path) {
    *slash = '\0';
    if (realpath(path, canonical)) {
      char *parent = str_concat(canonical, "/");
      tidy = str_concat(parent, slash + 1);
      free(parent);
    }
    *slash = '/';
  }
  if (!tidy)
    return path;
  free(path);
  return tidy;
}

static int same_directory(const char *a, const char *b) {
  struct stat first, second;
  return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev &&
         first.st_ino == second.st_ino;
}

static const char *nonempty_env(const char *name) {
  const char *value = getenv(name);
  return value && *value ? value : NULL;
}

/* The three folders of one layout. */
typedef struct layout {
  char *bin, *include, *lib;
} layout;

/* Run from the build folder: the build tree's layout. Elsewhere: the install layout around lsc-cc's own
 * folder, and nothing else, so an installed lsc-cc never mixes in another tree. The configured prefix only
 * when /proc cannot say where lsc-cc is. */
static layout find_layout(void) {
  layout found;
  char *own_dir = own_directory();
  if (own_dir && same_directory(own_dir, LSC_CC_BUILD_BIN_DIR)) {
    found.bin = own_dir;
    found.include = str_copy(LSC_CC_SOURCE_INCLUDE_DIR);
    found.lib = str_copy(LSC_CC_BUILD_LIB_DIR);
  } else if (own_dir) {
    found.bin = own_dir;
    found.include = tidy_path(join_path(own_dir, LSC_CC_BIN_TO_INCLUDE));
    found.lib = tidy_path(join_path(own_dir, LSC_CC_BIN_TO_LIB));
  } else {
    found.bin = str_copy(LSC_CC_INSTALL_BIN_DIR);
    found.include = str_copy(LSC_CC_INSTALL_INCLUDE_DIR);
    found.lib = str_copy(LSC_CC_INSTALL_LIB_DIR);
  }
  return found;
}

void locate_toolchain(toolchain *tools, const char *compiler_override, int link_shared) {
  memset(tools, 0, sizeof *tools);
  const char *compiler = compiler_override ? compiler_override : nonempty_env("LSC_MPICC");
  split_into(&tools->compiler, compiler ? compiler : LSC_CC_DEFAULT_COMPILER, " \t");
  split_into(&tools->openmp_flags, LSC_CC_OPENMP_FLAGS, " ");
  split_into(&tools->system_libs, LSC_CC_SYSTEM_LIBS, " ");
  split_into(&tools->mpi_include_dirs, LSC_CC_MPI_INCLUDE_DIRS, ";");

  layout dirs = find_layout();
  const char *rewriter = nonempty_env("LSC_REWRITE");
  if (rewriter) {
    tools->rewriter = str_copy(rewriter);
  } else {
    char *bin = dir_with(dirs.bin, "lsc-rewrite", X_OK);
    tools->rewriter = bin ? join_path(bin, "lsc-rewrite") : NULL;
    free(bin);
  }
  tools->include_dir = dir_with(dirs.include, "lsc.h", R_OK);
  tools->lib_dir = dir_with(dirs.lib, link_shared ? "liblsc.so" : "liblsc.a", R_OK);
  tools->searched_rewriter = dirs.bin;
  tools->searched_include = dirs.include;
  tools->searched_lib = dirs.lib;
}

void free_toolchain(toolchain *tools) {
  str_list_free(&tools->compiler);
  str_list_free(&tools->openmp_flags);
  str_list_free(&tools->system_libs);
  str_list_free(&tools->mpi_include_dirs);
  free(tools->rewriter);
  free(tools->include_dir);
  free(tools->lib_dir);
  free(tools->searched_rewriter);
  free(tools->searched_include);
  free(tools->searched_lib);
}
