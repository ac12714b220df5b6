/* static.c - block, cyclic and block-cyclic scheduling: a fixed assignment per worker (seed 000 2.1.1). */
#include "sched_internal.h"

/* Where processor v's block starts when `length` iterations are cut in `procs` near-equal blocks. */
static int64_t block_begin(int64_t v, int64_t length, int64_t procs) {
  int64_t base = length / procs, extra = length % procs;
  return v * base + lsc_min64(v, extra);
}

int lsc_static_next(lsc_planner *pl, int64_t worker, lsc_chunk *out) {
  int64_t length = pl->iterations - pl->region_start, procs = pl->self.procs;
  int64_t first_proc = pl->core_prefix[worker], cores = pl->cores[worker];
  int64_t round = pl->rounds[worker];
  if (pl->schedule.scheme == LSC_SCHEME_STATIC) {
    /* seed 000 Table 2.1 (Block): I/p consecutive iterations per processor; the first I mod p get one more */
    if (round > 0)
      return 0;
    pl->rounds[worker] = 1;
    int64_t begin = block_begin(first_proc, length, procs);
    int64_t end = block_begin(first_proc + cores, length, procs);
    if (end == begin)
      return 0;
    out->start = pl->region_start + begin;
    out->size = end - begin;
    return 1;
  }
  /* seed 000 Table 2.1 (Cyclic, Block cyclic): block b goes to processor b mod p. A worker's cores are
   * consecutive processors, so their blocks of one round are adjacent and travel as one chunk. */
  int64_t block = pl->schedule.scheme == LSC_SCHEME_CYCLIC ? 1
                  : pl->schedule.chunk > 0                 ? pl->schedule.chunk
                                                           : lsc_max64(length / (2 * procs), 1);
  int64_t blocks = lsc_div_ceil(length, block);
  if (round > (blocks - first_proc) / procs || round * procs + first_proc >= blocks)
    return 0;
  int64_t index = round * procs + first_proc;
  int64_t taken = lsc_min64(cores, blocks - index);
  int64_t begin = index * block;
  pl->rounds[worker] = round + 1;
  out->start = pl->region_start + begin;
  out->size = lsc_min64(taken * block, length - begin);
  return 1;
}
