/* bench_kernel.h - what every kernel of bench-kernels shares: a monotonic clock around the kernel alone
 * (set-up and output excluded), and a hash of the output's bits, so the sequential, OpenMP and lsc builds are
 * compared exactly without printing megabytes. The kernels print "hash=..." on stdout and
 * "kernel_seconds=..." on stderr; bench-kernels reads both. */
#ifndef BENCH_KERNEL_H
#define BENCH_KERNEL_H

/* The kernels define _POSIX_C_SOURCE first, for clock_gettime (before lsc.h, which lsc-rewrite puts after the
 * leading feature-test macros of the main file). */
#include <stddef.h>
#include <stdio.h>
#include <time.h>

static inline double bench_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* FNV-1a over the bytes: any bit of any element changes it. */
static inline unsigned long long bench_hash(const void *data, size_t bytes, unsigned long long h) {
  const unsigned char *p = data;
  for (size_t i = 0; i < bytes; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/* `seconds` is read before the output is hashed: as an argument beside bench_hash(...) it was not (C leaves
 * the order open, and gcc hashed first), so every build's time included the hash: 38 ms of jacobi_2d's
 * 32 MB. */
static inline void bench_report(double seconds, unsigned long long hash) {
  printf("hash=%016llx\n", hash);
  fprintf(stderr, "kernel_seconds=%.6f\n", seconds);
}

#define BENCH_HASH_SEED 14695981039346656037ull

#endif
