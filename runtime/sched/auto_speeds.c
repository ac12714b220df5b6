/* auto_speeds.c - schedule(auto)'s calibration rates (lsc_sim.h, lsc_auto_speeds): how fast each rank is,
 * told apart from how costly the iterations it happened to run were.
 * A piece's time is its iterations' cost times its rank's slowness. Pieces go out in loop order to whoever
 * asks, so a rank's pieces are scattered over the calibrated range among the other ranks' pieces; where the
 * cost changes along the loop (mandelbrot's rows), a rank's plain mean rate says mostly which rows it got --
 * rates 10-800x apart between equal ranks were measured that way. Here every piece is compared with its
 * nearest pieces run by other ranks, whose cost is close to its own: each rank's slowness is the mean log
 * ratio of its pieces' times per iteration to their neighbours' (the neighbours' own slowness divided out,
 * interpolated by position between the two sides),
 * solved by fixed-point iteration from equal slowness. First pieces run cold (caches, pages, every rank
 * starting at once) and sit together at the loop's start: they are compared among themselves, later pieces
 * among themselves, and a rank with only its first piece is brought to the later pieces' scale by the ranks
 * that have both, as the ratio of their two estimates. Departures from the prior (the static weights; equal
 * without them) that the pieces' scatter explains are shrunk toward it (shrink). Only relative slowness is
 * identified; the scale is the later pieces' mean time per iteration, so the rates stay in seconds for the
 * simulator. */
#include "lsc_sim.h"

#include <math.h>
#include <stdlib.h>

enum { ROUNDS = 60 };
/* A piece with another rank's piece on one side only counts this much: the cost may keep changing past it. */
#define ONE_SIDED_WEIGHT 0.25

typedef struct sorted_piece {
  const lsc_auto_piece *p;
  double log_rate;     /* log seconds per iteration                          */
  int64_t left, right; /* nearest piece of another rank on each side; -1: none */
} sorted_piece;

static int by_start(const void *a, const void *b) {
  const sorted_piece *x = a, *y = b;
  return (x->p->start > y->p->start) - (x->p->start < y->p->start);
}

static double centre(const sorted_piece *s) {
  return (double)s->p->start + 0.5 * (double)s->p->iterations;
}

static double log_rate(const lsc_auto_piece *p) {
  double per = p->seconds / (double)p->iterations;
  return log(per > 1e-15 ? per : 1e-15);
}

/* The nearest piece of another rank on each side of every piece (sorted by start). */
static void find_neighbours(sorted_piece *s, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    s[i].left = s[i].right = -1;
    for (int64_t j = i - 1; j >= 0 && s[i].left < 0; j--)
      if (s[j].p->rank != s[i].p->rank)
        s[i].left = j;
    for (int64_t j = i + 1; j < n && s[i].right < 0; j++)
      if (s[j].p->rank != s[i].p->rank)
        s[i].right = j;
  }
}

/* The log time per iteration piece i would have on a rank of slowness 0, read from its neighbours of other
 * ranks (g: their log slowness); *w its weight. 0 when it has no neighbour (one rank alone). */
static int neighbours_say(const sorted_piece *s, int64_t i, const double *g, double *local, double *w) {
  *w = (double)s[i].p->iterations;
  if (s[i].left >= 0 && s[i].right >= 0) { /* the cost here, read between the two by position */
    const sorted_piece *a = &s[s[i].left], *b = &s[s[i].right];
    double at = (centre(&s[i]) - centre(a)) / (centre(b) - centre(a));
    *local = (a->log_rate - g[a->p->rank]) * (1.0 - at) + (b->log_rate - g[b->p->rank]) * at;
    return 1;
  }
  if (s[i].left < 0 && s[i].right < 0)
    return 0;
  /* at an end of the range: one side only, where a cost that keeps changing biases the ratio */
  const sorted_piece *a = &s[s[i].left >= 0 ? s[i].left : s[i].right];
  *local = a->log_rate - g[a->p->rank];
  *w *= ONE_SIDED_WEIGHT;
  return 1;
}

/* The 95% quantile of the chi-square distribution with k degrees of freedom (Wilson-Hilferty). */
static double chi_square_95(int k) {
  double a = 2.0 / (9.0 * k), c = 1.0 - a + 1.6449 * sqrt(a);
  return k * c * c * c;
}

/* Shrinks the ranks' log slowness toward the prior's by how much of their departure from it the pieces'
 * scatter explains (James-Stein): a piece of a few microseconds may take several times its time once (a page
 * fault, a huge page zeroed, an interrupt), and ranks that differ from the prior only by such noise must
 * keep it, while ranks 2.5x apart measured over pieces that scatter by 10% keep their ratio. The scatter is
 * the residuals' pooled variance; a rank's estimate varies by it over its number of (weighted) pieces. Where
 * the departures are not significant at all (a chi-square test), the prior stands (*agreed). */
static double shrink(int ranks, const sorted_piece *s, int64_t n, double *g, const double *prior,
                     const int *has, double *count, double fallback, int *agreed) {
  double scatter = 0.0, pieces = 0.0;
  for (int r = 0; r < ranks; r++)
    count[r] = 0.0;
  for (int64_t i = 0; i < n; i++) {
    double local, w;
    if (!neighbours_say(s, i, g, &local, &w))
      continue;
    double e = s[i].log_rate - local - g[s[i].p->rank];
    double k = w / (double)s[i].p->iterations; /* a piece counts once, an end piece a quarter */
    scatter += k * e * e;
    pieces += k;
    count[s[i].p->rank] += k;
  }
  int ranked = 0;
  double spread = 0.0, noise = 0.0;
  for (int r = 0; r < ranks; r++)
    if (has[r] && count[r] > 0)
      ranked++;
  if (ranked < 2)
    return fallback;
  /* the ranks' estimates took one degree of freedom each; first pieces, one per rank, leave none: they are
   * judged by the later pieces' scatter */
  if (pieces > ranked)
    scatter /= pieces - ranked;
  else if (fallback > 0)
    scatter = fallback;
  else
    return fallback;
  /* Agreement first: when the ranks' departures from the prior are no larger than the scatter makes likely
   * (their squared standard scores summed, under the chi-square's 95% quantile), the prior stands */
  double score = 0.0;
  for (int r = 0; r < ranks; r++)
    if (has[r] && count[r] > 0) {
      double departure = (g[r] - prior[r]) * (g[r] - prior[r]);
      spread += departure;
      noise += scatter / count[r];
      score += departure * count[r] / (scatter > 0 ? scatter : 1e-300);
    }
  if (score < chi_square_95(ranked - 1)) {
    for (int r = 0; r < ranks; r++)
      g[r] = prior[r];
    *agreed = 1;
    return scatter;
  }
  double signal = (spread - noise) / ranked;
  signal = signal > 0 ? signal : 0.0;
  for (int r = 0; r < ranks; r++)
    if (has[r] && count[r] > 0)
      g[r] = prior[r] + (g[r] - prior[r]) * signal / (signal + scatter / count[r]);
  return scatter;
}

/* log slowness of every rank with pieces in s (has[r] set), relative; the scale is returned: the mean
 * seconds per iteration of the pieces at the ranks' mean slowness, weighted by iterations. */
static double relative_slowness(int ranks, sorted_piece *s, int64_t n, const double *speed_prior, double *g,
                                int *has, double *sum, double *weight, double *prior, double *scatter,
                                double *sigma, int *agreed) {
  for (int r = 0; r < ranks; r++)
    g[r] = 0.0, has[r] = 0;
  for (int64_t i = 0; i < n; i++)
    has[s[i].p->rank] = 1;
  find_neighbours(s, n);
  for (int round = 0; round < ROUNDS; round++) {
    for (int r = 0; r < ranks; r++)
      sum[r] = weight[r] = 0.0;
    for (int64_t i = 0; i < n; i++) {
      double local, w;
      if (!neighbours_say(s, i, g, &local, &w))
        continue; /* one rank alone: nothing to compare with */
      sum[s[i].p->rank] += w * (s[i].log_rate - local);
      weight[s[i].p->rank] += w;
    }
    double mean = 0.0;
    int counted = 0;
    for (int r = 0; r < ranks; r++)
      if (has[r]) {
        /* half a step: the plain update can swing between two ranks that are each other's neighbours */
        double target = weight[r] > 0 ? sum[r] / weight[r] : 0.0;
        g[r] = 0.5 * (g[r] + target);
        mean += g[r], counted++;
      }
    for (int r = 0; r < ranks; r++)
      if (has[r])
        g[r] -= mean / counted; /* only differences are identified: keep the mean at 0 */
  }
  /* the prior's log slowness, its mean over these ranks at 0 as g's is */
  double prior_sum = 0.0;
  int present = 0;
  for (int r = 0; r < ranks; r++) {
    prior[r] = speed_prior && speed_prior[r] > 0 ? -log(speed_prior[r]) : 0.0;
    if (has[r])
      prior_sum += prior[r], present++;
  }
  for (int r = 0; r < ranks; r++)
    prior[r] -= present ? prior_sum / present : 0.0;
  *agreed = 0;
  *scatter = shrink(ranks, s, n, g, prior, has, sum, *scatter, agreed);
  double seconds = 0.0, iterations = 0.0, mean = 0.0, square = 0.0;
  for (int64_t i = 0; i < n; i++) {
    double cost = s[i].log_rate - g[s[i].p->rank], w = (double)s[i].p->iterations;
    seconds += w * exp(cost);
    iterations += w;
    mean += w * cost;
    square += w * cost * cost;
  }
  if (iterations <= 0)
    return 0.0;
  mean /= iterations;
  *sigma = n > 1 && square / iterations > mean * mean ? sqrt(square / iterations - mean * mean) : 0.0;
  return seconds / iterations;
}

static int has_any(int ranks, const int *has) {
  for (int r = 0; r < ranks; r++)
    if (has[r])
      return 1;
  return 0;
}

int lsc_auto_speeds(int ranks, const lsc_auto_piece *pieces, int64_t count, const double *prior,
                    double *per_iteration, lsc_auto_scatter *spread) {
  for (int r = 0; r < ranks; r++)
    per_iteration[r] = 0.0;
  sorted_piece *s = malloc((size_t)(count > 0 ? count : 1) * sizeof *s);
  double *scratch = malloc((size_t)ranks * 5 * sizeof *scratch);
  int *has = malloc((size_t)ranks * 2 * sizeof *has);
  if (!s || !scratch || !has) {
    free(s), free(scratch), free(has);
    return -1;
  }
  double *cold = scratch, *warm = scratch + ranks, *sum = scratch + 2 * ranks, *weight = scratch + 3 * ranks,
         *centred = scratch + 4 * ranks;
  int *has_cold = has, *has_warm = has + ranks;
  double scale[2], scatter = 0.0, sigma[2] = {0.0, 0.0};
  int agreed[2] = {0, 0};
  for (int later = 1; later >= 0; later--) { /* later pieces first: their scatter judges the first pieces' */
    int64_t n = 0;
    for (int64_t i = 0; i < count; i++)
      if (pieces[i].iterations > 0 && pieces[i].rank >= 0 && pieces[i].rank < ranks &&
          (pieces[i].first == 0) == later)
        s[n++] = (sorted_piece){.p = &pieces[i], .log_rate = log_rate(&pieces[i])};
    qsort(s, (size_t)n, sizeof *s, by_start);
    scale[later] = relative_slowness(ranks, s, n, prior, later ? warm : cold, later ? has_warm : has_cold,
                                     sum, weight, centred, &scatter, &sigma[later], &agreed[later]);
  }
  /* cold estimates on the later pieces' scale: their mean ratio over the ranks timed both ways */
  double shift = 0.0;
  int both = 0;
  for (int r = 0; r < ranks; r++)
    if (has_cold[r] && has_warm[r])
      shift += log(scale[0]) + cold[r] - (log(scale[1]) + warm[r]), both++;
  for (int r = 0; r < ranks; r++) {
    if (has_warm[r])
      per_iteration[r] = scale[1] * exp(warm[r]);
    else if (has_cold[r])
      per_iteration[r] = scale[0] * exp(cold[r] - (both ? shift / both : 0.0));
  }
  if (spread) {
    int later = has_any(ranks, has_warm);
    *spread = (lsc_auto_scatter){later ? sigma[1] : sigma[0], sqrt(scatter), agreed[later]};
  }
  free(s), free(scratch), free(has);
  return 0;
}
