/* stragglers.c - one `parallel for` of spinning iterations (about 3 s of work in all), for bench-reissue: a
 * slow rank (LSC_SLOWDOWN) or a stopped one (LSC_TEST_STOP_RANK, the runtime's test hook) against the same
 * loop without it. Prints the loop's seconds and a checksum, so a wrong answer shows next to the time. With
 * LSC_TEST_STOP_RANK set, rank 0 continues the stopped worker after the loop (as the stopped-worker test). */
#define _POSIX_C_SOURCE 200809L
#include "lsc.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

#define N 10000
#define SPIN 60000

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double out[N];
struct env_spin {
  double *out;
};
static void bind_spin(void *env) {
  ((struct env_spin *)env)->out = out;
}
static void body_spin(int64_t lo, int64_t hi, void *env) {
  double *o = ((struct env_spin *)env)->out;
  for (int64_t k = lo; k < hi; k++) {
    double x = (double)k;
    for (int i = 0; i < SPIN; i++)
      x = x * 0.999999 + 1e-6;
    o[k] = x;
  }
}
/* reissue_unsafe left NULL: the body's only effect is its output, as lsc-rewrite would prove. */
static const lsc_site site_spin = {.magic = LSC_SITE_MAGIC,
                                   .abi = LSC_ABI_VERSION,
                                   .file = __FILE__,
                                   .line = __LINE__,
                                   .body = body_spin,
                                   .bind = bind_spin,
                                   .env_size = sizeof(struct env_spin)};

/* Waits until the stopped worker is in state T, then continues it (no time bound: mpirun's). */
static void continue_stopped(void) {
  const char *path = getenv("LSC_TEST_PID_FILE");
  if (!path || !getenv("LSC_TEST_STOP_RANK"))
    return;
  for (;;) {
    long pid = 0;
    char stat[64], line[256] = "";
    FILE *f = fopen(path, "r");
    if (f) {
      if (fscanf(f, "%ld", &pid) != 1)
        pid = 0;
      fclose(f);
    }
    snprintf(stat, sizeof stat, "/proc/%ld/stat", pid);
    f = pid > 0 ? fopen(stat, "r") : NULL;
    if (f) {
      if (!fgets(line, sizeof line, f))
        line[0] = '\0';
      fclose(f);
    }
    const char *paren = strrchr(line, ')');
    if (paren && paren[1] == ' ' && paren[2] == 'T') {
      kill((pid_t)pid, SIGCONT);
      return;
    }
    nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
  }
}

int main(void) {
  struct env_spin env = {0};
  lsc_var vars[] = {{.name = "out",
                     .kind = LSC_VAR_ARRAY,
                     .flags = LSC_VAR_GLOBAL | LSC_VAR_WRITE | LSC_VAR_OUT_EXACT,
                     .offset = 0,
                     .size = sizeof(double),
                     .extent = N,
                     .out = {1, 0, 1, 1}}};
  double t0 = now();
  lsc_parallel_for(&site_spin, &env, vars, 1, N);
  double seconds = now() - t0;
  continue_stopped();
  double sum = 0;
  for (int k = 0; k < N; k++)
    sum += out[k];
  printf("seconds=%.4f checksum=%.6e\n", seconds, sum);
  return 0;
}
