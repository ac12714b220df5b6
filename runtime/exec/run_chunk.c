/* run_chunk.c - runs a chunk on this rank (run_chunk.h). Plainly, the body accumulates the chunk's
 * reductions into the rank's env (per thread in hierarchical mode, folded in thread order). In reproducible
 * mode the chunk is whole blocks, and each block runs from the identities and leaves its partials in
 * loop->block_partials: pieces (the master's answers in between) may cut a block, since the body reloads
 * the reduction from env at each call, but threads take whole blocks, one env each.
 *
 * LSC_SLOWDOWN idles after each piece, and a slowed rank runs its chunks in pieces of about a millisecond
 * even with nobody to answer: a rank emulating a machine f times slower then holds a core 1/f of the time,
 * as the slower machine would, instead of spinning through a long first chunk at full speed on a core the
 * other ranks of a shared host need and idling only afterwards. The sleeps' overshoot is carried: each
 * sleep is what the chunk owes so far minus what it already slept. */
#include "exec/run_chunk.h"

#include "exec/chunk_data.h"

#include "fatal.h"
#include "obs/clock.h"
#include "state.h"

#include <omp.h>
#include <stdlib.h>

/* Pieces of a master's chunk last about this long: short enough that a worker's request waits little,
 * long enough that the polling between pieces costs nothing measurable. */
#define PIECE_SECONDS 100e-6
/* Pieces of a slowed rank's chunk: long enough that a sleep's overshoot (tens of microseconds) is small
 * against the idle time after it, short enough that a core is never held for long. */
#define SLOW_PIECE_SECONDS 1e-3
/* Dynamic and guided inner schedules split a chunk into this many blocks per thread (blocks of the OpenMP
 * split, unrelated to the reproducible mode's blocks of iterations). */
#define BLOCKS_PER_THREAD 8

static void *thread_envs(lsc_loop *loop) {
  if (!loop->thread_envs && !(loop->thread_envs = malloc((size_t)loop->threads * loop->env_block)))
    lsc_fatal("out of memory for %d thread env blocks", loop->threads);
  return loop->thread_envs;
}

static void run_threaded(lsc_loop *loop, int64_t lo, int64_t hi) {
  int threads = loop->threads;
  char *envs = thread_envs(loop);
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

static unsigned char *block_slot(lsc_loop *loop, int64_t b) {
  return loop->block_partials + (size_t)(b - loop->block_first) * loop->partial_bytes;
}

/* Room for the partials of the chunk's blocks, which the caller reads once the chunk is done. */
static void prepare_blocks(lsc_loop *loop, int64_t lo, int64_t hi) {
  if (!lsc_repro_whole_blocks(&loop->blocks, lo, hi))
    lsc_fatal("internal error: chunk [%lld, %lld) is not whole blocks of %lld iterations", (long long)lo,
              (long long)hi, (long long)loop->blocks.size);
  loop->block_count = lsc_repro_blocks_in(&loop->blocks, lo, hi, &loop->block_first);
  size_t need = (size_t)loop->block_count * loop->partial_bytes;
  need = need ? need : 1; /* a loop without reductions still gets a slot pointer that is not null */
  if (need > loop->block_partials_bytes) {
    unsigned char *grown = realloc(loop->block_partials, need);
    if (!grown)
      lsc_fatal("out of memory for the partials of %lld blocks", (long long)loop->block_count);
    loop->block_partials = grown;
    loop->block_partials_bytes = need;
  }
}

/* Whole blocks [b0, b1) over the threads: each block from the identities in its thread's env, its partials
 * to its own slot, so the thread that ran it leaves no trace in the result. */
static void run_blocks_threaded(lsc_loop *loop, int64_t b0, int64_t b1) {
  char *envs = thread_envs(loop);
  for (int t = 0; t < loop->threads; t++)
    lsc_env_block_init(envs + (size_t)t * loop->env_block, loop->env, loop);
  omp_set_schedule(loop->inner == LSC_INNER_STATIC    ? omp_sched_static
                   : loop->inner == LSC_INNER_DYNAMIC ? omp_sched_dynamic
                                                      : omp_sched_guided,
                   1);
  lsc_body_fn body = loop->site->body;
#pragma omp parallel num_threads(loop->threads)
  {
    void *env = envs + (size_t)omp_get_thread_num() * loop->env_block;
#pragma omp for schedule(runtime)
    for (int64_t b = b0; b < b1; b++) {
      lsc_env_identities(env, loop);
      body(lsc_repro_block_start(&loop->blocks, b), lsc_repro_block_end(&loop->blocks, b), env);
      lsc_env_partials(env, loop, block_slot(loop, b));
    }
  }
}

/* [lo, hi) in reproducible mode: a block starts from the identities where [lo, hi) holds its first
 * iteration, and gives its partials where it holds its last. */
static void run_blocked(lsc_loop *loop, int64_t lo, int64_t hi) {
  const lsc_repro_blocks *bl = &loop->blocks;
  int64_t first, count = lsc_repro_blocks_in(bl, lo, hi, &first);
  if (loop->threads > 1 && count > 1 && lsc_repro_whole_blocks(bl, lo, hi)) {
    run_blocks_threaded(loop, first, first + count);
    return;
  }
  for (int64_t k = lo; k < hi;) {
    int64_t b = lsc_repro_block_of(bl, k), end = lsc_repro_block_end(bl, b), stop = end < hi ? end : hi;
    if (k == lsc_repro_block_start(bl, b))
      lsc_env_identities(loop->env, loop);
    loop->site->body(k, stop, loop->env);
    if (stop == end)
      lsc_env_partials(loop->env, loop, block_slot(loop, b));
    k = stop;
  }
}

static void run_piece(lsc_loop *loop, int64_t lo, int64_t hi) {
  if (loop->repro)
    run_blocked(loop, lo, hi);
  else if (loop->threads > 1 && hi - lo > 1)
    run_threaded(loop, lo, hi);
  else
    loop->site->body(lo, hi, loop->env);
}

int lsc_idle_for_slowdown(const lsc_loop *loop, double start, double busy, lsc_chunk_timing *t) {
  if (!lsc_slowdown_any(&loop->slowdown))
    return 0;
  /* The profile's times count from this rank's start (config/slowdown.h). */
  double idle = lsc_slowdown_span(&loop->slowdown, start - lsc_rt.origin, busy) - busy;
  if (idle <= 0.0)
    return 0;
  lsc_sleep(idle);
  t->idle += idle;
  return 1;
}

void lsc_run_chunk(lsc_loop *loop, int64_t lo, int64_t hi, int per_iteration, lsc_between_fn between,
                   void *ctx, lsc_chunk_timing *t) {
  /* A calibration sample of a few iterations may write a fresh page per iteration (a row of an image): a
   * first touch costs about as much as such an iteration (data/prefault.h), so the rate would be the pages'.
   * Its output pages are faulted in first, untimed; any schedule pays them once either way. */
  if (per_iteration)
    lsc_chunk_outputs_populate(loop, lo, hi);
  double now = lsc_now();
  *t = (lsc_chunk_timing){.begin = now};
  if (loop->repro)
    prepare_blocks(loop, lo, hi);
  int slowed = lsc_slowdown_any(&loop->slowdown);
  int in_pieces = between || slowed;
  double piece_seconds = between ? PIECE_SECONDS : SLOW_PIECE_SECONDS;
  double owed = 0; /* idle time the emulated slower rank owes for this chunk so far */
  double cpu = 0;  /* per_iteration: the body's CPU time; < 0 when the clock is not there */
  int64_t piece = 1;
  for (int64_t k = lo; k < hi;) {
    int64_t stop = per_iteration ? k + 1 : !in_pieces || hi - k < piece ? hi : k + piece;
    /* Threads share a piece by whole blocks: round it up to the end of its last block. */
    if (loop->repro && loop->threads > 1 && !per_iteration && stop < hi)
      stop = lsc_repro_block_end(&loop->blocks, lsc_repro_block_of(&loop->blocks, stop - 1));
    double start = now;
    double cpu_from = per_iteration ? lsc_cpu_now() : 0;
    if (per_iteration && !loop->repro)
      loop->site->body(k, stop, loop->env);
    else
      run_piece(loop, k, stop);
    now = lsc_now();
    double busy = now - start;
    if (per_iteration) {
      double cpu_to = lsc_cpu_now();
      cpu = cpu >= 0 && cpu_from >= 0 && cpu_to >= cpu_from ? cpu + (cpu_to - cpu_from) : -1;
      t->it_min = k == lo || busy < t->it_min ? busy : t->it_min;
      t->it_max = busy > t->it_max ? busy : t->it_max;
    }
    t->busy += busy;
    if (slowed) {
      /* The profile's times count from this rank's start (config/slowdown.h). */
      owed += lsc_slowdown_span(&loop->slowdown, start - lsc_rt.origin, busy) - busy;
      /* In slices of a piece, with between() after each but the last, as the slower machine computing this
       * piece would still answer between its pieces (a halo a chunk elsewhere waits for: jacobi_2d with
       * LSC_SLOWDOWN=1,3 waited 0.5 ms per instance for a row while the slowed worker slept). */
      while (owed > t->idle) {
        double slice = owed - t->idle;
        int last = !between || slice <= piece_seconds;
        lsc_sleep(last ? slice : piece_seconds);
        double slept = lsc_now() - now;
        now += slept;
        t->idle += slept;
        if (last)
          break;
        between(ctx);
        now = lsc_now();
      }
    }
    k = stop;
    if (between && k < hi) {
      between(ctx);
      now = lsc_now();
    }
    /* Grow or shrink the next piece toward its length from what this one took. */
    if (in_pieces && k < hi) {
      if (busy < piece_seconds / 2 && piece < INT64_MAX / 2)
        piece *= 2;
      else if (busy > piece_seconds * 2 && piece > 1)
        piece /= 2;
    }
  }
  t->end = now;
  /* LSC_SLOWDOWN's idling counts as what the emulated machine owes, not what the sleeps took: a sleep
   * overshoots by 0.1-0.4 ms on this project's VMs, more than a small chunk's whole body, and the planner's
   * feedback (adaptive schemes) and the calibration would read that overshoot as the rank's speed. The
   * wall clock (begin, end) keeps it. */
  double scale = 1.0;
  if (per_iteration && cpu >= 0 && cpu < t->busy && t->busy > 0) {
    /* A calibration sample is timed by the CPU it used: a few iterations last less than the time slice a
     * rank may wait for a core on a shared node, and that wait would pass for slowness. A node slow
     * because of other load is seen later, in the instance's chunks, timed by the wall. */
    scale = cpu / t->busy;
    t->busy = cpu;
  }
  if (slowed)
    t->idle = owed * scale;
}
