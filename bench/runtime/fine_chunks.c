/* Fine chunks through liblsc: one `parallel for` of CHUNKS iterations of an empty body in chunks of one
 * (css(1)), the case of fine_chunks_mpi.c. Prints the seconds of the loop; LSC_STATS shows who computed. */
#include "lsc.h"

#include <stdio.h>
#include <time.h>

#define CHUNKS 200000

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct env_fine {
  int unused;
};
static volatile long sink;
static void body_fine(int64_t lo, int64_t hi, void *env) {
  (void)env;
  for (int64_t k = lo; k < hi; k++)
    sink = (long)k;
}
static const lsc_site site_fine = {.magic = LSC_SITE_MAGIC,
                                   .abi = LSC_ABI_VERSION,
                                   .file = __FILE__,
                                   .line = __LINE__,
                                   .body = body_fine,
                                   .bind = NULL,
                                   .env_size = sizeof(struct env_fine),
                                   .schedule = "css(1)"};

int main(void) {
  struct env_fine env = {0};
  double t0 = now();
  lsc_parallel_for(&site_fine, &env, NULL, 0, CHUNKS);
  printf("lsc_seconds=%.4f\n", now() - t0);
  return 0;
}
