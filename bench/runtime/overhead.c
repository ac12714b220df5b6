/* liblsc's own costs, run under mpirun with LSC_MASTER=serve so every chunk crosses MPI:
 *   chunk_us      wall time per chunk of a loop of empty chunks (pss), all handed to rank 1: median and
 *                 best of REPEATS loops (a 2-vCPU VM has stalls that hit single runs);
 *   wait_cpu_pct  CPU time of the ranks that wait, as % of wall time: rank 0 serving a loop that rank 1
 *                 computes, and rank 1 waiting between loops while rank 0 runs sequential code. */
#include "lsc.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#define CHUNKS 40000
#define REPEATS 7
#define COMPUTE_SECONDS 1.0

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}
static double cpu_seconds(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}
static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}
static volatile double sink;
static void spin_for(double seconds) {
  double end = now() + seconds;
  while (now() < end)
    sink += 1.0;
}

struct env_empty {
  int unused;
};
static void body_empty(int64_t lo, int64_t hi, void *env) {
  (void)lo, (void)hi, (void)env;
}
static const lsc_site site_empty = {.magic = LSC_SITE_MAGIC,
                                    .abi = LSC_ABI_VERSION,
                                    .file = __FILE__,
                                    .line = __LINE__,
                                    .body = body_empty,
                                    .bind = NULL,
                                    .env_size = sizeof(struct env_empty),
                                    .schedule = "pss"};

/* One long chunk per worker: the worker computes, the master waits. */
struct env_busy {
  double seconds;
};
static void body_busy(int64_t lo, int64_t hi, void *env) {
  for (int64_t k = lo; k < hi; k++)
    spin_for(((struct env_busy *)env)->seconds);
}
static const lsc_site site_busy = {.magic = LSC_SITE_MAGIC,
                                   .abi = LSC_ABI_VERSION,
                                   .file = __FILE__,
                                   .line = __LINE__,
                                   .body = body_busy,
                                   .bind = NULL,
                                   .env_size = sizeof(struct env_busy),
                                   .schedule = "static"};

/* Each worker writes its own CPU time (static schedule: iteration w goes to rank w + 1). */
static double cpu_of[64];
struct env_cpu {
  double *cpu;
};
static void bind_cpu(void *env) {
  ((struct env_cpu *)env)->cpu = cpu_of;
}
static void body_cpu(int64_t lo, int64_t hi, void *env) {
  for (int64_t k = lo; k < hi; k++)
    ((struct env_cpu *)env)->cpu[k] = cpu_seconds();
}
static const lsc_site site_cpu = {.magic = LSC_SITE_MAGIC,
                                  .abi = LSC_ABI_VERSION,
                                  .file = __FILE__,
                                  .line = __LINE__,
                                  .body = body_cpu,
                                  .bind = bind_cpu,
                                  .env_size = sizeof(struct env_cpu),
                                  .schedule = "static"};

static double worker_cpu(void) {
  struct env_cpu env;
  int workers = lsc_num_ranks() - 1;
  lsc_var vars[] = {{"cpu",
                     LSC_VAR_ARRAY,
                     LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT,
                     offsetof(struct env_cpu, cpu),
                     sizeof(double),
                     0,
                     0,
                     64,
                     {0, 0, 0, 0, 0, 0, 0},
                     {1, 0, 1, 1, 0, 0, 0},
                     LSC_NO_MORE_SLICES}};
  lsc_parallel_for(&site_cpu, &env, vars, 1, workers);
  return cpu_of[0];
}

int main(void) {
  if (lsc_num_ranks() != 2) {
    fprintf(stderr, "overhead: run with mpirun -np 2 and LSC_MASTER=serve\n");
    return 1;
  }
  struct env_empty empty = {0};
  lsc_parallel_for(&site_empty, &empty, NULL, 0, 1000); /* warm-up */
  double per_chunk[REPEATS];
  for (int r = 0; r < REPEATS; r++) {
    double t0 = now();
    lsc_parallel_for(&site_empty, &empty, NULL, 0, CHUNKS);
    per_chunk[r] = (now() - t0) / CHUNKS * 1e6;
  }
  qsort(per_chunk, REPEATS, sizeof per_chunk[0], by_value);
  printf("chunk_us=%.3f\nchunk_best_us=%.3f\n", per_chunk[REPEATS / 2], per_chunk[0]);

  struct env_busy busy = {COMPUTE_SECONDS};
  lsc_var busy_vars[] = {{"seconds",
                          LSC_VAR_SCALAR,
                          0,
                          offsetof(struct env_busy, seconds),
                          sizeof(double),
                          0,
                          0,
                          0,
                          {0, 0, 0, 0, 0, 0, 0},
                          {0, 0, 0, 0, 0, 0, 0},
                          LSC_NO_MORE_SLICES}};
  double cpu0 = cpu_seconds();
  double t0 = now();
  lsc_parallel_for(&site_busy, &busy, busy_vars, 1, 1);
  double wall = now() - t0;
  printf("master_wait_cpu_pct=%.3f\n", (cpu_seconds() - cpu0) / wall * 100);

  double before = worker_cpu();
  t0 = now();
  spin_for(COMPUTE_SECONDS); /* sequential code on rank 0: the worker waits for the next loop */
  wall = now() - t0;
  double after = worker_cpu();
  printf("worker_wait_cpu_pct=%.3f\n", (after - before) / wall * 100);
  return 0;
}
