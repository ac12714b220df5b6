#define _XOPEN_SOURCE 700
#include "driver/output_file.h"

#include "support/strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int output_file_write(const char *path, const char *data, size_t len) {
  char *tmp = xasprintf("%s.lsc-tmp-XXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    free(tmp);
    return -1;
  }
  /* mkstemp creates 0600; a rewritten source should be as readable as one written by the compiler. */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  size_t done = 0;
  while (done < len) {
    ssize_t n = write(fd, data + done, len - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    done += (size_t)n;
  }
  int written = done == len;
  int saved = written ? 0 : (errno ? errno : EIO);
  if (close(fd) != 0 && written) {
    written = 0;
    saved = errno;
  }
  if (written && rename(tmp, path) != 0) {
    written = 0;
    saved = errno;
  }
  if (!written) {
    unlink(tmp);
    free(tmp);
    errno = saved;
    return -1;
  }
  free(tmp);
  return 0;
}
