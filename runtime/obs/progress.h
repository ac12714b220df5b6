/* progress.h - LSC_PROGRESS: one self-overwriting line for loops that run longer than a moment, on the
 * terminal the user watches (obs/terminal.h: stderr, or under mpirun the controlling terminal when mpirun's
 * own stderr is on it); LSC_PROGRESS=always writes whole lines to stderr when no terminal shows them. */
#ifndef LSC_OBS_PROGRESS_H
#define LSC_OBS_PROGRESS_H

#include "config/env.h"

#include <stdint.h>
#include <stdio.h>

typedef struct lsc_progress {
  int on;
  int shown;
  int terminal;
  FILE *out;
  const char *file;
  int line;
  int64_t n;
  double start, last;
} lsc_progress;

/* launched: an MPI launcher started this process (the rule of obs/terminal.h). */
void lsc_progress_start(lsc_progress *p, lsc_progress_mode mode, int launched, const char *file, int line,
                        int64_t n);
void lsc_progress_update(lsc_progress *p, int64_t done);
void lsc_progress_end(lsc_progress *p);

#endif
