/* progress.h - LSC_PROGRESS: one self-overwriting line on stderr for loops that run longer than a moment. */
#ifndef LSC_OBS_PROGRESS_H
#define LSC_OBS_PROGRESS_H

#include "config/env.h"

#include <stdint.h>

typedef struct lsc_progress {
  int on;
  int shown;
  int terminal;
  const char *file;
  int line;
  int64_t n;
  double start, last;
} lsc_progress;

void lsc_progress_start(lsc_progress *p, lsc_progress_mode mode, const char *file, int line, int64_t n);
void lsc_progress_update(lsc_progress *p, int64_t done);
void lsc_progress_end(lsc_progress *p);

#endif
