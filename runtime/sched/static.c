/* static.c - block, cyclic and block-cyclic scheduling: a fixed assignment per worker ([chang-alpha] 2.1.1).
 * These schemes have no size of their own: which range a worker gets depends on who asks and how often it
 * asked, so each is a placement function (the contract's placement, sched_internal.h). A worker's cores are
 * consecutive processors. */
#include "sched_internal.h"

/* Where processor v's block starts when `length` iterations are cut in `procs` near-equal blocks. */
static int64_t block_begin(int64_t v, int64_t length, int64_t procs) {
  int64_t base = length / procs, extra = length % procs;
  return v * base + lsc_min64(v, extra);
}

int lsc_block_place(lsc_planner *pl, int64_t worker, lsc_chunk *out) {
  /* [chang-alpha] Table 2.1 (Block): I/p consecutive iterations per processor; the first I mod p get one more
   */
  int64_t length = pl->iterations - pl->region_start, procs = pl->self.procs;
  int64_t first_proc = pl->core_prefix[worker], cores = pl->cores[worker];
  if (pl->rounds[worker] > 0)
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

/* [chang-alpha] Table 2.1 (Cyclic, Block cyclic): block b goes to processor b mod p. A worker's cores are
 * consecutive processors, so their blocks of one round are adjacent and travel as one chunk. */
static int place_round(lsc_planner *pl, int64_t worker, int64_t block, lsc_chunk *out) {
  int64_t length = pl->iterations - pl->region_start, procs = pl->self.procs;
  int64_t first_proc = pl->core_prefix[worker], cores = pl->cores[worker];
  int64_t round = pl->rounds[worker];
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

int lsc_cyclic_place(lsc_planner *pl, int64_t worker, lsc_chunk *out) {
  return place_round(pl, worker, 1, out);
}

int lsc_block_cyclic_place(lsc_planner *pl, int64_t worker, lsc_chunk *out) {
  /* default block: floor(I/2p), the first TSS chunk, as for css */
  int64_t length = pl->iterations - pl->region_start;
  int64_t block = pl->schedule.chunk > 0 ? pl->schedule.chunk : lsc_max64(length / (2 * pl->self.procs), 1);
  return place_round(pl, worker, block, out);
}
