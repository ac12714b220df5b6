#include "work_dir.h"

#include "str_list.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *temporary_root(void) {
  const char *root = getenv("TMPDIR");
  return root && *root ? root : "/tmp";
}

char *temporary_dir_template(void) {
  return str_concat(temporary_root(), "/lsc-cc-XXXXXX");
}

static int make_dirs(const char *path) {
  char *partial = str_copy(path);
  int failed = 0;
  for (char *slash = partial + 1; !failed; slash++) {
    int at_end = *slash == '\0';
    if (*slash != '/' && !at_end)
      continue;
    *slash = '\0';
    if (mkdir(partial, 0777) != 0 && errno != EEXIST)
      failed = 1;
    if (at_end)
      break;
    *slash = '/';
  }
  free(partial);
  struct stat info;
  if (!failed && (stat(path, &info) != 0 || !S_ISDIR(info.st_mode))) {
    errno = ENOTDIR;
    failed = 1;
  }
  return failed ? -1 : 0;
}

char *make_work_dir(const char *keep_dir) {
  if (keep_dir) {
    if (make_dirs(keep_dir) == 0)
      return str_copy(keep_dir);
    fprintf(stderr, "lsc-cc: error: cannot create --keep-dir folder '%s': %s\n", keep_dir, strerror(errno));
    return NULL;
  }
  char *path = temporary_dir_template();
  if (mkdtemp(path))
    return path;
  fprintf(stderr, "lsc-cc: error: cannot create a temporary folder in '%s': %s\n", temporary_root(),
          strerror(errno));
  free(path);
  return NULL;
}

static int remove_entry(const char *path, const struct stat *info, int type, struct FTW *where) {
  (void)info;
  (void)type;
  (void)where;
  if (remove(path) != 0)
    fprintf(stderr, "lsc-cc: warning: cannot remove temporary '%s': %s\n", path, strerror(errno));
  return 0;
}

void remove_work_dir(const char *path) {
  /* Depth first, without following links: the folder is ours (mkdtemp), what links point to is not. */
  nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
