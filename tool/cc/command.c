#include "command.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int needs_quotes(const char *word) {
  if (!*word)
    return 1;
  for (; *word; word++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-", *word))
      return 1;
  return 0;
}

static void print_word(FILE *out, const char *word) {
  if (!needs_quotes(word)) {
    fputs(word, out);
    return;
  }
  fputc('\'', out);
  for (; *word; word++) {
    if (*word == '\'')
      fputs("'\\''", out);
    else
      fputc(*word, out);
  }
  fputc('\'', out);
}

void print_command(FILE *out, char *const *argv) {
  for (size_t i = 0; argv[i]; i++) {
    if (i)
      fputc(' ', out);
    print_word(out, argv[i]);
  }
  fputc('\n', out);
}

int run_command(char *const *argv) {
  fflush(stdout);
  fflush(stderr);
  /* Like system(): while the child runs, an interrupt from the terminal is the child's to act on. */
  struct sigaction ignore = {0}, old_int, old_quit;
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGINT, &ignore, &old_int);
  sigaction(SIGQUIT, &ignore, &old_quit);

  pid_t child = fork();
  if (child == 0) {
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGQUIT, &old_quit, NULL);
    execvp(argv[0], argv);
    fprintf(stderr, "lsc-cc: error: cannot run '%s': %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  int status = 0, result;
  if (child < 0) {
    fprintf(stderr, "lsc-cc: error: cannot start '%s': %s\n", argv[0], strerror(errno));
    result = 127;
  } else {
    while (waitpid(child, &status, 0) < 0 && errno == EINTR)
      continue;
    result = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
  }
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGQUIT, &old_quit, NULL);
  return result;
}
