/* stopped_rank.h - the re-issue tests' way to continue a worker that LSC_TEST_STOP_RANK stopped (SIGSTOP at
 * its second chunk, runtime/exec/test_hooks.c): rank 0 calls continue_stopped() only after a loop returned,
 * so a test hangs (and its timeout fails it) unless that loop completed without the stopped worker. */
#ifndef LSC_TEST_STOPPED_RANK_H
#define LSC_TEST_STOPPED_RANK_H

#include "lsc.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

/* Waits (no time bound: the test's timeout is the bound) until the stopped worker wrote its pid and is in
 * state T, then continues it: a SIGCONT sent before the SIGSTOP took effect would leave it stopped. */
static void continue_stopped(void) {
  const char *path = getenv("LSC_TEST_PID_FILE");
  if (!path || !getenv("LSC_TEST_STOP_RANK") || lsc_num_ranks() < 3)
    return;
  long pid = 0;
  for (;;) {
    FILE *f = fopen(path, "r");
    if (f) {
      if (fscanf(f, "%ld", &pid) != 1)
        pid = 0;
      fclose(f);
    }
    char stat[64], line[256] = "";
    snprintf(stat, sizeof stat, "/proc/%ld/stat", pid);
    f = pid > 0 ? fopen(stat, "r") : NULL;
    if (f) {
      if (!fgets(line, sizeof line, f))
        line[0] = '\0';
      fclose(f);
    }
    const char *paren = strrchr(line, ')');
    if (paren && paren[1] == ' ' && paren[2] == 'T')
      break;
    nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
  }
  kill((pid_t)pid, SIGCONT);
}

#endif
