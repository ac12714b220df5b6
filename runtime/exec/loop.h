/* loop.h - one instance of a parallel loop on one rank: what the chunk runner needs, whether this rank is
 * the master or a worker. */
#ifndef LSC_EXEC_LOOP_H
#define LSC_EXEC_LOOP_H

#include "config/env.h"
#include "data/repro.h"
#include "data/slice.h"
#include "exec/site_state.h"
#include "lsc.h"

#include <stddef.h>
#include <stdint.h>

typedef struct lsc_loop {
  const lsc_site *site;
  lsc_site_state *state;
  const lsc_var *vars;
  int nvars;
  int64_t n;
  int64_t *extents;     /* per var: elements of the array (resolved from the slices when unknown) */
  void **bases;         /* per var: this rank's copy of the array (the user's array on rank 0)   */
  size_t *page_offsets; /* a worker's, per array var: where rank 0's array starts in its page (LOOP),
                           where its mirror starts too (data/mirror.h); NULL on rank 0 */
  void *env;            /* the env block chunks run on (private on every rank but in local mode) */
  size_t env_block;     /* bytes of one env block: env_size plus a slot per reduction var        */
  int threads;          /* OpenMP threads per chunk (hierarchical mode when > 1)                 */
  lsc_inner_schedule inner;
  lsc_slowdown slowdown; /* LSC_SLOWDOWN profile of this rank (config/slowdown.h)           */
  void *thread_envs;     /* threads * env_block bytes, allocated on first threaded chunk        */
  lsc_span_list spans;
  /* Data regions (exec/region.h): per var, 1 when the array lives in a region's directory, so its bytes
   * move by the directory instead of with every chunk and result; NULL outside regions. */
  const unsigned char *held;
  /* Reproducible mode (data/repro.h): chunks are whole blocks, and each block leaves its partials here,
   * starting from the identities, instead of accumulating in env. */
  int repro;
  lsc_repro_blocks blocks;
  size_t partial_bytes;          /* one block's partials: every reduction var's value, in var order */
  unsigned char *block_partials; /* the partials of the blocks of the chunk run last               */
  size_t block_partials_bytes;   /* allocated                                                      */
  int64_t block_first, block_count;
} lsc_loop;

/* Bytes of an env block for these vars: the env, rounded up, then one aligned slot per reduction. */
size_t lsc_env_block_size(const lsc_site *site, const lsc_var *vars, int nvars);
/* Where var v's reduction value lives in env: the field, or the object an INDIRECT field points to. */
void *lsc_reduction_at(void *env, const lsc_var *v);
/* Copies src_env into block and gives every reduction its identity, in a private slot of the block for
 * INDIRECT ones (so a copy never touches the program's global). */
void lsc_env_block_init(void *block, const void *src_env, const lsc_loop *loop);
/* Folds the reduction values of `part` into `acc` (acc op= part), var by var. */
void lsc_env_fold(void *acc, void *part, const lsc_loop *loop);
/* Reproducible mode. Bytes of one block's partials; every reduction of env set to its identity (a block's
 * start); env's reduction values copied to out in var order (a block's end); and the table's partials folded
 * into env's reductions in block order, left to right, after the value env holds (the user's). */
size_t lsc_partial_bytes(const lsc_var *vars, int nvars);
void lsc_env_identities(void *env, const lsc_loop *loop);
void lsc_env_partials(void *env, const lsc_loop *loop, unsigned char *out);
void lsc_env_combine_blocks(void *env, const lsc_loop *loop, const lsc_repro_table *table);
void lsc_loop_release(lsc_loop *loop);

#endif
