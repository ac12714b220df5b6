/* bold.c - BOLD ([hagerup-bold], with the parameters and bounds LB4OMP uses): each chunk trades the risk of a
 * late finish (from the spread of an iteration's time) against the overhead of another chunk (h). Its
 * inputs are what is left to hand out (R), what is not finished yet (m, from the contract's feedback) and
 * three constants of mu, sigma and h fixed at start. Hagerup also estimates how far the chunks in flight have
 * come from the workers' speeds and the time since the last request; the scheme layer has no clock, so here
 * the unfinished work is the iterations not yet reported (docs/schedules.md). A size function per processor.
 */
#include <math.h>

#include "sched_internal.h"

#define BOLD_DEFAULT_COV 1.0      /* sigma / mu when not given */
#define BOLD_DEFAULT_OVERHEAD 1.0 /* h / mu when not given: one iteration's time */
#define SQRT_TWO_PI 2.5066282746310002

int lsc_bold_start(lsc_planner *pl, lsc_sched_error *err) {
  (void)err;
  const lsc_schedule *s = &pl->schedule;
  double cov = s->mu > 0 ? s->sigma / s->mu : BOLD_DEFAULT_COV;
  double overhead = s->mu > 0 ? s->overhead / s->mu : BOLD_DEFAULT_OVERHEAD; /* h in iterations */
  lsc_bold_state *b = &pl->bold;
  b->a = 2.0 * cov * cov;
  b->b = b->a > 0 ? 8.0 * b->a * log(8.0 * b->a) : 0.0;
  b->ln_b = b->b > 0 ? log(b->b) : 0.0;
  b->c1 = overhead / log(2.0);
  b->c2 = SQRT_TWO_PI * b->c1;
  b->c3 = b->c2 > 0 ? log(b->c2) : -INFINITY;
  b->p_inv = 1.0 / (double)pl->self.procs;
  b->finished = 0;
  return 0;
}

void lsc_bold_feedback(lsc_planner *pl, int64_t worker, const lsc_chunk *chunk, double seconds) {
  (void)worker;
  (void)seconds;
  pl->bold.finished += chunk->size;
}

int64_t lsc_bold_next_size(lsc_planner *pl, int64_t worker, int64_t remaining) {
  (void)worker;
  const lsc_bold_state *b = &pl->bold;
  double rest = (double)remaining;
  double q = rest * b->p_inv; /* what an equal split would give each processor now */
  if (q <= 1.0)
    return 1;
  /* m: not finished yet, at least what is not handed out */
  double unfinished = fmax(rest, (double)(pl->self.total - b->finished));
  double fair = unfinished * b->p_inv; /* never more than a processor's share of what is unfinished */
  double ln_q = log(q), v = q / (b->b + q);
  double denominator = 1.0 + 1.0 / ln_q - v, size = fair;
  if (denominator > 0 && b->c1 > 0) {
    double d = rest / denominator;
    if (d > b->c2) {
      /* Hagerup's factor 1 + m / (r p), with r = max(R, n) = m here (n, the estimate, is m) */
      double s = b->a * (log(d) - b->c3) * (1.0 + b->p_inv);
      double w = b->b > 0 ? log(v * ln_q) + b->ln_b : log(ln_q);
      double extra = b->c1 * w, candidate = fair + 0.5 * s - sqrt(s * (fair + 0.25 * s));
      candidate += extra > 0 ? extra : 0.0;
      size = candidate < fair ? candidate : fair;
    }
  }
  return lsc_max64(lsc_size_from_real(floor(size)), lsc_max64(pl->schedule.chunk, 1));
}
