/* progress.c - the LSC_PROGRESS line (progress.h): quiet for short loops, redrawn in place on a terminal,
 * a line per redraw elsewhere. */
#include "obs/progress.h"

#include "obs/clock.h"
#include "obs/terminal.h"

/* Loops shorter than this never show a line; after it, the line is redrawn at most this often. */
#define QUIET_SECONDS 0.5
#define REDRAW_SECONDS 0.2

void lsc_progress_start(lsc_progress *p, lsc_progress_mode mode, int launched, const char *file, int line,
                        int64_t n) {
  FILE *tty = mode == LSC_PROGRESS_OFF ? NULL : lsc_progress_terminal(launched);
  *p = (lsc_progress){mode == LSC_PROGRESS_ALWAYS || (mode == LSC_PROGRESS_TERMINAL && tty),
                      0,
                      tty != NULL,
                      tty ? tty : stderr,
                      file ? file : "?",
                      line,
                      n,
                      lsc_now(),
                      0};
}

static void draw(lsc_progress *p, int64_t done, double now) {
  double pct = p->n > 0 ? 100.0 * (double)done / (double)p->n : 100.0;
  fprintf(p->out, "%slsc: %s:%d %5.1f%% (%lld/%lld iterations, %.1fs)%s", p->terminal ? "\r" : "", p->file,
          p->line, pct, (long long)done, (long long)p->n, now - p->start, p->terminal ? "" : "\n");
  fflush(p->out);
  p->shown = 1;
  p->last = now;
}

void lsc_progress_update(lsc_progress *p, int64_t done) {
  if (!p->on)
    return;
  double now = lsc_now();
  if (now - p->start >= QUIET_SECONDS && now - p->last >= REDRAW_SECONDS)
    draw(p, done, now);
}

void lsc_progress_end(lsc_progress *p) {
  if (!p->on || !p->shown)
    return;
  draw(p, p->n, lsc_now());
  if (p->terminal) {
    fputc('\n', p->out);
    fflush(p->out);
  }
}
