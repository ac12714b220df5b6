/* terminal.c - the controlling terminal for LSC_PROGRESS (terminal.h).
 *
 * Under mpirun rank 0's stderr is a pipe to the launcher, which forwards it to its own stderr, so isatty()
 * says no even when the user watches a terminal. The launcher is rank 0's parent (Open MPI's mpirun starts
 * the ranks of its own node itself), and its stderr is what the user's command line made of it: the
 * terminal, or the file or pipe of a `2>file` or `2>&1 | tee`. So the line goes to the controlling terminal
 * (/dev/tty) exactly when the parent's stderr is that same terminal: /proc/PPID/fd/2 is a character device
 * whose number is this process's controlling terminal (field tty_nr of /proc/self/stat). Without a launcher
 * a piped stderr is the user's own pipe (`./prog 2>&1 | less`, whose parent is the shell on the terminal):
 * nothing is drawn then. A rank on another node has no controlling terminal and draws nothing. */
#include "obs/terminal.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

int lsc_terminal_allowed(int launched, int stderr_is_pipe, unsigned long long tty, int parent_is_chr,
                         unsigned long long parent_rdev) {
  return launched && stderr_is_pipe && tty != 0 && parent_is_chr && parent_rdev == tty;
}

/* The device number of this process's controlling terminal, 0 when it has none. The field after the
 * command's closing parenthesis: state, ppid, pgrp, session, tty_nr. */
static unsigned long long controlling_tty(void) {
  FILE *f = fopen("/proc/self/stat", "r");
  if (!f)
    return 0;
  char text[1024];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  char *close = NULL;
  for (char *p = text; *p; p++)
    if (*p == ')')
      close = p; /* the last one: the command name may hold parentheses */
  int tty = 0;
  if (!close || sscanf(close + 1, " %*c %*d %*d %*d %d", &tty) != 1 || tty <= 0)
    return 0;
  /* The kernel's encoding: minor in bits 31-20 and 7-0, major in bits 15-8; stat's st_rdev is glibc's. */
  unsigned t = (unsigned)tty;
  return (unsigned long long)makedev((t >> 8) & 0xfffu, (t & 0xffu) | ((t >> 12) & 0xfff00u));
}

static FILE *open_terminal(int launched) {
  if (isatty(STDERR_FILENO))
    return stderr;
  struct stat own, parent;
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/fd/2", (int)getppid());
  int pipe = fstat(STDERR_FILENO, &own) == 0 && S_ISFIFO(own.st_mode);
  int parent_ok = stat(path, &parent) == 0;
  if (!lsc_terminal_allowed(launched, pipe, controlling_tty(), parent_ok && S_ISCHR(parent.st_mode),
                            parent_ok ? (unsigned long long)parent.st_rdev : 0))
    return NULL;
  int fd = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  FILE *f = fdopen(fd, "w");
  if (!f)
    close(fd);
  return f;
}

FILE *lsc_progress_terminal(int launched) {
  static int decided;
  static FILE *terminal;
  if (!decided) {
    terminal = open_terminal(launched);
    decided = 1;
  }
  return terminal;
}
