#include "exec/run_chunk.h"

#include "fatal.h"
#include "obs/clock.h"

#include <omp.h>
#include <stdlib.h>

/* Pieces of a master's chunk last about this long: short enough that a worker's request waits little,
 * long enough that the polling between pieces costs nothing measurable. */
#define PIECE_SECONDS 100e-6
/* Dynamic and guided inner schedules split a chunk into this many blocks per thread. */
#define BLOCKS_PER_THREAD 8

static void run_threaded(lsc_loop *loop, int64_t lo, int64_t hi) {
  int threads = loop->threads;
  if (!loop->thread_envs && !(loop->thread_envs = malloc((size_t)threads * loop->env_block)))
    lsc_fatal("out of memory for %d thread env blocks", threads);
  char *envs = loop->thread_envs;
  for (int t = 0; t < threads; t++)
    lsc_env_block_init(envs + (size_t)t * loop->env_block, loop->env, loop);
  int64_t len = hi - lo;
  int64_t blocks = loop->inner == LSC_INNER_STATIC ? threads : (int64_t)threads * BLOCKS_PER_THREAD;
  if (blocks > len)
    blocks = len;
  omp_set_schedule(loop->inner == LSC_INNER_STATIC    ? omp_sched_static
                   : loop->inner == LSC_INNER_DYNAMIC ? omp_sched_dynamic
                                                      : omp_sched_guided,
                   1);
  lsc_body_fn body = loop->site->body;
#pragma omp parallel num_threads(threads)
  {
    void *env = envs + (size_t)omp_get_thread_num() * loop->env_block;
#pragma omp for schedule(runtime)
    for (int64_t b = 0; b < blocks; b++)
      body(lo + (int64_t)((__int128)len * b / blocks), lo + (int64_t)((__int128)len * (b + 1) / blocks), env);
  }
  /* Thread order, so a given thread count always combines the same way. */
  for (int t = 0; t < threads; t++)
    lsc_env_fold(loop->env, envs + (size_t)t * loop->env_block, loop);
}

static void run_piece(lsc_loop *loop, int64_t lo, int64_t hi) {
  if (loop->threads > 1 && hi - lo > 1)
    run_threaded(loop, lo, hi);
  else
    loop->site->body(lo, hi, loop->env);
}

/* Returns whether it idled (the clock moved on). */
static int idle_for_slowdown(lsc_loop *loop, double busy, lsc_chunk_timing *t) {
  if (loop->slowdown <= 1.0)
    return 0;
  double idle = (loop->slowdown - 1.0) * busy;
  lsc_sleep(idle);
  t->idle += idle;
  return 1;
}

void lsc_run_chunk(lsc_loop *loop, int64_t lo, int64_t hi, int per_iteration, lsc_between_fn between,
                   void *ctx, lsc_chunk_timing *t) {
  double now = lsc_now();
  *t = (lsc_chunk_timing){now, 0, 0, 0, 0, 0};
  int64_t piece = 1;
  for (int64_t k = lo; k < hi;) {
    int64_t stop =
        per_iteration || !between ? (per_iteration ? k + 1 : hi) : (hi - k < piece ? hi : k + piece);
    double start = now;
    if (per_iteration)
      loop->site->body(k, stop, loop->env);
    else
      run_piece(loop, k, stop);
    now = lsc_now();
    double busy = now - start;
    if (per_iteration) {
      t->it_min = k == lo || busy < t->it_min ? busy : t->it_min;
      t->it_max = busy > t->it_max ? busy : t->it_max;
    }
    t->busy += busy;
    if (idle_for_slowdown(loop, busy, t))
      now = lsc_now();
    k = stop;
    if (between && k < hi) {
      between(ctx);
      now = lsc_now();
      /* Grow or shrink the next piece toward PIECE_SECONDS from what this one took. */
      if (busy < PIECE_SECONDS / 2 && piece < INT64_MAX / 2)
        piece *= 2;
      else if (busy > PIECE_SECONDS * 2 && piece > 1)
        piece /= 2;
    }
  }
  t->end = now;
}
