/* planner.c - validates the parameters, lays out the alpha prefix and the scheme region, hands out chunks. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched_internal.h"

static int check_schedule(const lsc_schedule *s, lsc_sched_error *err) {
  if ((int)s->scheme < 0 || s->scheme >= LSC_SCHEME_COUNT)
    return lsc_sched_format_error(err, "unknown scheme id %d", (int)s->scheme);
  if (s->scheme == LSC_SCHEME_RUNTIME)
    return lsc_sched_format_error(err,
                                  "schedule(runtime) must be resolved from LSC_SCHEDULE before planning");
  if (s->chunk < 0 || s->chunk > LSC_SCHED_MAX_ITERATIONS)
    return lsc_sched_format_error(err, "chunk %lld out of range; expected 1..2^62 or 0 for the default",
                                  (long long)s->chunk);
  if (s->first < 0 || s->last < 0 || s->first > LSC_SCHED_MAX_ITERATIONS ||
      s->last > LSC_SCHED_MAX_ITERATIONS || (s->first > 0 && s->last > s->first))
    return lsc_sched_format_error(
        err, "trapezoid (F,L) = (%lld,%lld) invalid; expected F >= L >= 1 or 0 for defaults",
        (long long)s->first, (long long)s->last);
  if (s->factor != 0.0 && !(s->factor >= 1.0 && s->factor <= 1e6))
    return lsc_sched_format_error(err, "factor %g out of range; expected 1..1e6 or 0 for the default",
                                  s->factor);
  if (s->stages != 0 && (s->stages < 2 || s->stages > 1000000))
    return lsc_sched_format_error(err, "stages %lld out of range; expected 2..1000000 or 0 for the default",
                                  (long long)s->stages);
  return 0;
}

static int check_params(const lsc_plan_params *pp, lsc_sched_error *err) {
  if (!pp)
    return lsc_sched_format_error(err, "no planner parameters given");
  if (check_schedule(&pp->schedule, err) != 0)
    return -1;
  if (pp->alpha == LSC_ALPHA_AUTO)
    return lsc_sched_format_error(err, "alpha(auto) must be resolved with lsc_alpha_auto before planning");
  if (pp->alpha < 0 || pp->alpha > 100)
    return lsc_sched_format_error(err, "alpha %d out of range; expected 0..100", pp->alpha);
  if (pp->iterations < 0 || pp->iterations > LSC_SCHED_MAX_ITERATIONS)
    return lsc_sched_format_error(err, "iterations %lld out of range; expected 0..2^62",
                                  (long long)pp->iterations);
  if (pp->workers < 1 || pp->workers > LSC_SCHED_MAX_WORKERS)
    return lsc_sched_format_error(err, "workers %lld out of range; expected 1..1000000",
                                  (long long)pp->workers);
  const lsc_workload *w = &pp->workload;
  if (!isfinite(w->b) || !isfinite(w->h) || w->b < 0 || w->h < 0)
    return lsc_sched_format_error(err, "workload (b,h) = (%g,%g) invalid; expected finite numbers >= 0", w->b,
                                  w->h);
  for (int64_t k = 0; pp->weights && k < pp->workers; k++)
    if (!(pp->weights[k] > 0.0 && pp->weights[k] <= 1e12))
      return lsc_sched_format_error(err, "weight %g of worker %lld invalid; expected a number in (0, 1e12]",
                                    pp->weights[k], (long long)k);
  for (int64_t k = 0; pp->cores && k < pp->workers; k++)
    if (pp->cores[k] < 1 || pp->cores[k] > LSC_SCHED_MAX_CORES)
      return lsc_sched_format_error(err, "cores %lld of worker %lld invalid; expected 1..1048576",
                                    (long long)pp->cores[k], (long long)k);
  return 0;
}

static void start_scheme(lsc_planner *pl) {
  switch (pl->schedule.scheme) {
  case LSC_SCHEME_FISS:
    lsc_fiss_start(pl);
    break;
  case LSC_SCHEME_TFSS:
    lsc_tfss_start(pl);
    break;
  default:
    lsc_self_start(pl);
    break;
  }
}

lsc_planner *lsc_planner_new(const lsc_plan_params *params, lsc_sched_error *err) {
  if (check_params(params, err) != 0)
    return NULL;
  int64_t p = params->workers;
  /* one block: the planner, then five int64 arrays and one double array of p entries each */
  size_t bytes = sizeof(lsc_planner) + (size_t)p * (5 * sizeof(int64_t) + sizeof(double));
  lsc_planner *pl = malloc(bytes);
  if (!pl) {
    lsc_sched_format_error(err, "out of memory planning for %lld workers", (long long)p);
    return NULL;
  }
  memset(pl, 0, sizeof *pl);
  int64_t *arrays = (int64_t *)(pl + 1);
  pl->alpha_start = arrays;
  pl->alpha_size = arrays + p;
  pl->cores = arrays + 2 * p;
  pl->core_prefix = arrays + 3 * p;
  pl->rounds = arrays + 4 * p;
  pl->power = (double *)(arrays + 5 * p);

  pl->schedule = params->schedule;
  pl->iterations = params->iterations;
  pl->workers = p;

  int64_t split = lsc_alpha_split_point(params->iterations, params->alpha, &params->workload);
  lsc_alpha_shares(split, p, params->weights, pl->alpha_start, pl->alpha_size);
  pl->region_start = pl->region_next = split;

  int64_t procs = 0;
  double slowest = 0.0;
  for (int64_t k = 0; k < p; k++) {
    double weight = params->weights ? params->weights[k] : 1.0;
    if (k == 0 || weight < slowest)
      slowest = weight;
  }
  for (int64_t k = 0; k < p; k++) {
    pl->cores[k] = params->cores ? params->cores[k] : 1;
    pl->core_prefix[k] = procs;
    procs += pl->cores[k];
    pl->rounds[k] = 0;
    /* seed 001 II: A_k = VP_k / q_k, the slowest at 1; cores multiply a worker's virtual processors */
    pl->power[k] = (params->weights ? params->weights[k] / slowest : 1.0) * (double)pl->cores[k];
  }
  pl->self.procs = procs;
  pl->self.total = params->iterations - split;

  if (lsc_scheme_is_virtual(pl->schedule.scheme)) {
    if (lsc_virtual_start(pl, err) != 0) {
      free(pl);
      return NULL;
    }
  } else if (!lsc_scheme_is_static(pl->schedule.scheme)) {
    start_scheme(pl);
  }
  return pl;
}

static int hand_out(lsc_planner *pl, int64_t start, int64_t size, lsc_chunk *out) {
  out->start = start;
  out->size = size;
  pl->handed_out += size;
  return 1;
}

/* A dynamic planner must not end with iterations nobody will ask for: when its region is empty, alpha
 * shares still unclaimed (their worker has not asked yet, or never will) go to whoever asks. */
static int hand_out_orphan_share(lsc_planner *pl, lsc_chunk *out) {
  while (pl->alpha_orphan_from < pl->workers && pl->alpha_size[pl->alpha_orphan_from] == 0)
    pl->alpha_orphan_from++;
  if (pl->alpha_orphan_from == pl->workers)
    return 0;
  int64_t owner = pl->alpha_orphan_from;
  int64_t size = pl->alpha_size[owner];
  pl->alpha_size[owner] = 0;
  return hand_out(pl, pl->alpha_start[owner], size, out);
}

int lsc_planner_next(lsc_planner *pl, int64_t worker, lsc_chunk *out) {
  if (!pl || !out || worker < 0 || worker >= pl->workers)
    return 0;
  if (pl->alpha_size[worker] > 0) { /* seed 000 3.2: a worker's first request gets its weighted share */
    int64_t size = pl->alpha_size[worker];
    pl->alpha_size[worker] = 0;
    return hand_out(pl, pl->alpha_start[worker], size, out);
  }
  if (lsc_scheme_is_static(pl->schedule.scheme)) {
    if (!lsc_static_next(pl, worker, out))
      return 0;
    pl->handed_out += out->size;
    return 1;
  }
  int64_t remaining = pl->iterations - pl->region_next;
  if (remaining == 0)
    return hand_out_orphan_share(pl, out);
  int64_t size = lsc_scheme_is_virtual(pl->schedule.scheme)
                     ? lsc_virtual_next_size(pl, worker, remaining)
                     : lsc_hierarchical_next_size(pl, worker, remaining);
  size = lsc_min64(lsc_max64(size, 1), remaining);
  int64_t start = pl->region_next;
  pl->region_next += size;
  return hand_out(pl, start, size, out);
}

int64_t lsc_planner_remaining(const lsc_planner *pl) {
  return pl ? pl->iterations - pl->handed_out : 0;
}

void lsc_planner_free(lsc_planner *pl) {
  free(pl);
}
