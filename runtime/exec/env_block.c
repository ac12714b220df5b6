/* env_block.c - the env blocks chunks run on (loop.h): a copy of the caller's env with each reduction at its
 * identity, INDIRECT reductions redirected to private slots after the env so a copy never writes the
 * program's globals; and the ways reduction values leave an env block (folded into another, or copied out as
 * the partials of a reproducible mode's block of iterations). */
#include "exec/loop.h"

#include "exec/reduce.h"

#include <stdlib.h>
#include <string.h>

/* Slots are aligned for any reduction type (long double needs 16 bytes). */
#define SLOT_ALIGN 16
static size_t round_up(size_t n) {
  return (n + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN;
}

size_t lsc_env_block_size(const lsc_site *site, const lsc_var *vars, int nvars) {
  size_t bytes = round_up(site->env_size ? site->env_size : 1);
  for (int i = 0; i < nvars; i++)
    if (vars[i].kind == LSC_VAR_REDUCTION && (vars[i].flags & LSC_VAR_INDIRECT))
      bytes += round_up(vars[i].size);
  return bytes;
}

void *lsc_reduction_at(void *env, const lsc_var *v) {
  char *field = (char *)env + v->offset;
  if (v->flags & LSC_VAR_INDIRECT) {
    void *target;
    memcpy(&target, field, sizeof target);
    return target;
  }
  return field;
}

void lsc_env_block_init(void *block, const void *src_env, const lsc_loop *loop) {
  char *bytes = block;
  if (block != src_env)
    memcpy(bytes, src_env, loop->site->env_size);
  size_t slot = round_up(loop->site->env_size ? loop->site->env_size : 1);
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (v->kind != LSC_VAR_REDUCTION)
      continue;
    if (v->flags & LSC_VAR_INDIRECT) {
      void *target = bytes + slot;
      memcpy(bytes + v->offset, &target, sizeof target);
      slot += round_up(v->size);
    }
    lsc_reduce_identity(v->type, v->op, lsc_reduction_at(block, v));
  }
}

void lsc_env_fold(void *acc, void *part, const lsc_loop *loop) {
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (v->kind == LSC_VAR_REDUCTION)
      lsc_reduce_combine(v->type, v->op, lsc_reduction_at(acc, v), lsc_reduction_at(part, v));
  }
}

size_t lsc_partial_bytes(const lsc_var *vars, int nvars) {
  size_t bytes = 0;
  for (int i = 0; i < nvars; i++)
    if (vars[i].kind == LSC_VAR_REDUCTION)
      bytes += vars[i].size;
  return bytes;
}

void lsc_env_identities(void *env, const lsc_loop *loop) {
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (v->kind == LSC_VAR_REDUCTION)
      lsc_reduce_identity(v->type, v->op, lsc_reduction_at(env, v));
  }
}

void lsc_env_partials(void *env, const lsc_loop *loop, unsigned char *out) {
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (v->kind == LSC_VAR_REDUCTION) {
      memcpy(out, lsc_reduction_at(env, v), v->size);
      out += v->size;
    }
  }
}

void lsc_env_combine_blocks(void *env, const lsc_loop *loop, const lsc_repro_table *table) {
  size_t at = 0;
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (v->kind != LSC_VAR_REDUCTION)
      continue;
    lsc_reduce_in_order(v->type, v->op, lsc_reduction_at(env, v), table->partials + at, table->bytes,
                        table->count);
    at += v->size;
  }
}

void lsc_loop_release(lsc_loop *loop) {
  free(loop->extents);
  free(loop->bases);
  free(loop->page_offsets);
  free(loop->thread_envs);
  free(loop->block_partials);
  lsc_span_list_free(&loop->spans);
  loop->extents = NULL;
  loop->bases = NULL;
  loop->page_offsets = NULL;
  loop->thread_envs = NULL;
  loop->block_partials = NULL;
  loop->block_partials_bytes = 0;
}
