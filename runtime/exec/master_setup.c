/* master_setup.c - rank 0 before and after a loop's chunks: the settings, the descriptors checked against
 * the env (extents resolved), the reproducible mode's blocks and table, the LOOP message and the WHOLE
 * arrays, the weights and the planner; and the release of all of it. */
#include "exec/master.h"

#include "data/mirror.h"
#include "exec/chunk_data.h"
#include "exec/late_ranks.h"
#include "exec/master_auto.h"
#include "exec/master_choice.h"
#include "exec/protocol.h"
#include "exec/reduce.h"
#include "exec/region.h"
#include "exec/reissue_master.h"
#include "exec/submaster.h"
#include "fatal.h"
#include "obs/clock.h"
#include "state.h"
#include "transport/site_ref.h"
#include "transport/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VARS (1 << 20)

static _Noreturn void var_error(const lsc_master *m, const lsc_var *v, const char *why) {
  lsc_fatal("%s:%d: variable '%s': %s", m->loop.site->file, m->loop.site->line, v->name ? v->name : "?", why);
}

static void *field_pointer(void *env, const lsc_var *v) {
  void *p;
  memcpy(&p, (char *)env + v->offset, sizeof p);
  return p;
}

static int64_t resolve_extent(const lsc_master *m, const lsc_var *v) {
  if (v->extent > 0)
    return v->extent;
  if (v->flags & LSC_VAR_WHOLE)
    var_error(m, v, "a WHOLE array needs its extent (number of elements)");
  int64_t in = v->flags & LSC_VAR_READ ? lsc_slice_max_end(&v->in, m->loop.n) : 0;
  int64_t out = v->flags & LSC_VAR_WRITE ? lsc_slice_max_end(&v->out, m->loop.n) : 0;
  for (int i = 0; i < v->nin_more && (v->flags & LSC_VAR_READ); i++) {
    int64_t e = lsc_slice_max_end(&v->in_more[i], m->loop.n);
    in = e > in ? e : in;
  }
  for (int i = 0; i < v->nout_more && (v->flags & LSC_VAR_WRITE); i++) {
    int64_t e = lsc_slice_max_end(&v->out_more[i], m->loop.n);
    out = e > out ? e : out;
  }
  return in > out ? in : out;
}

/* Checks every descriptor against the env and resolves array extents; workers receive the resolved copy. */
static void resolve_vars(lsc_master *m, const lsc_var *vars) {
  size_t env_size = m->loop.site->env_size;
  for (int i = 0; i < m->loop.nvars; i++) {
    lsc_var *v = &m->vars[i];
    *v = vars[i];
    int indirect = v->kind != LSC_VAR_ARRAY && (v->flags & LSC_VAR_INDIRECT);
    size_t field = v->kind == LSC_VAR_ARRAY || indirect ? sizeof(void *) : v->size;
    if (v->kind != LSC_VAR_SCALAR && v->kind != LSC_VAR_REDUCTION && v->kind != LSC_VAR_ARRAY)
      var_error(m, v, "unknown kind");
    if (v->size == 0 || v->offset > env_size || field > env_size - v->offset)
      var_error(m, v, "offset or size outside the env struct");
    if (indirect && !field_pointer(m->user_env, v))
      var_error(m, v, "INDIRECT field holds a null pointer (did bind set it?)");
    if (v->kind == LSC_VAR_REDUCTION) {
      if (!lsc_reduce_supported(v->type, v->op))
        var_error(m, v, "this reduction operator does not apply to this type");
      if (v->size != lsc_type_size(v->type))
        var_error(m, v, "size does not match the reduction type");
    }
    if (v->kind != LSC_VAR_ARRAY)
      continue;
    if (v->nin_more < 0 || v->nin_more > LSC_MORE_SLICES || v->nout_more < 0 ||
        v->nout_more > LSC_MORE_SLICES)
      var_error(m, v, "more slices than LSC_MORE_SLICES");
    v->extent = resolve_extent(m, v);
    if ((uint64_t)v->extent > SIZE_MAX / v->size)
      var_error(m, v, "array too large for this machine");
    m->loop.extents[i] = v->extent;
    m->loop.bases[i] = field_pointer(m->user_env, v);
    if (v->extent > 0 && !m->loop.bases[i])
      var_error(m, v, "array pointer is null");
  }
}

static void resolve_settings(lsc_master *m) {
  char err[512];
  if (lsc_settings_resolve(m->loop.site, &lsc_rt.config, &m->settings, err, sizeof err) != 0)
    lsc_fatal("%s", err);
  for (int r = 0; r < m->size; r++) {
    const lsc_machine *mc = &lsc_rt.machines[r];
    int share = mc->cores / (mc->ranks_on_node > 0 ? mc->ranks_on_node : 1);
    m->threads[r] = m->settings.threads.count > 0 ? m->settings.threads.count : share > 1 ? share : 1;
  }
  /* Measured, not guessed from ranks per core: a master that computes between requests gave more than it
   * cost even with more ranks than cores (bench-runtime's fine-chunk rows). */
  m->participates = lsc_master_choose_compute(m->loop.state, m->master_why, sizeof m->master_why);
  m->first = m->participates ? 0 : 1;
  m->executing = m->size - m->first;
  m->loop.threads = m->threads[0];
  m->loop.inner = m->settings.threads.inner;
  m->loop.slowdown = lsc_env_slowdown(&lsc_rt.config, 0);
}

void lsc_master_setup(lsc_master *m, const lsc_site *site, void *env, lsc_var *vars, int nvars, int64_t n) {
  if (nvars < 0 || nvars > MAX_VARS || (nvars > 0 && !vars))
    lsc_fatal("%s:%d: invalid variable list (%d vars)", site->file, site->line, nvars);
  *m = (lsc_master){0};
  /* A pipelined nest's messages carry no instance: every late worker is caught up first. */
  if (site->magic == LSC_PIPELINE_SITE_MAGIC)
    lsc_late_collect_all();
  lsc_late_progress();
  m->instance = lsc_late_next_instance();
  m->start = lsc_now();
  lsc_tp_set_loop(site->file ? site->file : "?", site->line);
  m->user_env = env;
  m->size = lsc_rt.size;
  m->loop = (lsc_loop){.site = site, .n = n, .nvars = nvars};
  m->loop.state = lsc_site_state_of(site);
  size_t nv = (size_t)nvars + 1, nr = (size_t)m->size;
  m->vars = calloc(nv, sizeof *m->vars);
  m->loop.extents = calloc(nv, sizeof *m->loop.extents);
  m->loop.bases = calloc(nv, sizeof *m->loop.bases);
  m->links = calloc(nr, sizeof *m->links);
  m->stats = calloc(nr, sizeof *m->stats);
  m->threads = calloc(nr, sizeof *m->threads);
  m->weights = calloc(nr, sizeof *m->weights);
  m->sample_busy = calloc(nr, sizeof *m->sample_busy);
  m->sample_swr = calloc(nr, sizeof *m->sample_swr);
  m->sample_sent = malloc(nr * sizeof *m->sample_sent);
  m->sample_took = malloc(nr * sizeof *m->sample_took);
  if (!m->loop.state || !m->vars || !m->loop.extents || !m->loop.bases || !m->links || !m->stats ||
      !m->threads || !m->weights || !m->sample_busy || !m->sample_swr || !m->sample_sent || !m->sample_took)
    lsc_fatal("out of memory starting loop %s:%d", site->file, site->line);
  for (size_t r = 0; r < nr; r++)
    m->sample_sent[r] = m->sample_took[r] = -1.0;
  m->loop.vars = m->vars;
  resolve_settings(m);
  resolve_vars(m, vars);
  m->loop.env_block = lsc_env_block_size(site, m->vars, nvars);
  if (!(m->loop.env = malloc(m->loop.env_block)))
    lsc_fatal("out of memory starting loop %s:%d", site->file, site->line);
  lsc_env_block_init(m->loop.env, env, &m->loop);
  for (int r = m->first; r < m->size; r++)
    m->stats[r].executes = 1;
  for (int r = 1; r < m->size; r++) {
    m->links[r].send = m->links[r].end = MPI_REQUEST_NULL;
    m->links[r].timed = -1;     /* no chunk handed ahead yet (master.c) */
    m->links[r].receiving = -1; /* no chunk waits for in-place spans (reissue_master.h) */
  }
  m->unit = 1;
  m->units = n;
  lsc_region_loop_setup(m);
}

/* The partials of a re-issued loop's blocks stay within this many bytes (see reissue_needs_blocks). */
#define REISSUE_PARTIALS_BYTES ((size_t)1 << 20)

/* Re-issue inside a data region: off. Re-issue with reductions: a copy's partial must never be applied twice,
 * so partials go by block (filed once, by block index, first copy kept), unless the user turned the
 * reproducible mode off by name; then re-issue is off for the loop, and LSC_STATS says why. */
static void reissue_needs_blocks(lsc_master *m) {
  int reductions = 0;
  for (int i = 0; i < m->loop.nvars; i++)
    reductions |= m->vars[i].kind == LSC_VAR_REDUCTION;
  lsc_repro_spec *spec = &m->settings.reproducible;
  if (m->settings.reissue > 1 && lsc_region_loop_held()) {
    /* Inside a data region a chunk's inputs may live only on the worker that is late (docs/runtime.md). */
    m->settings.reissue = 1;
    snprintf(m->settings.reissue_source, sizeof m->settings.reissue_source,
             "off: the loop holds arrays in a data region");
    return;
  }
  if (m->settings.reissue <= 1 || !reductions || spec->on)
    return;
  if (strcmp(m->settings.reproducible_source, "default") != 0) {
    m->settings.reissue = 1;
    snprintf(m->settings.reissue_source, sizeof m->settings.reissue_source,
             "off: re-issue needs reductions by block and %s turns them off",
             m->settings.reproducible_source);
    return;
  }
  /* Re-issue needs blocks, not many of them: up to LSC_REPRO_MAX_BLOCKS blocks each holding every reduction
   * var's partial cost more than the loop itself for a large array reduction (atax: 2500 doubles, 3000
   * one-iteration blocks, 60 MB of partials per instance, the loop 30x slower), so the table stays within
   * REISSUE_PARTIALS_BYTES. */
  size_t partial = lsc_partial_bytes(m->vars, m->loop.nvars);
  int64_t most = partial ? (int64_t)(REISSUE_PARTIALS_BYTES / partial) : LSC_REPRO_MAX_BLOCKS;
  int64_t block = 0;
  if (most < 1)
    most = 1;
  if (most < LSC_REPRO_MAX_BLOCKS && m->loop.n > most)
    block = m->loop.n / most + (m->loop.n % most != 0);
  *spec = (lsc_repro_spec){1, block};
  snprintf(m->settings.reproducible_source, sizeof m->settings.reproducible_source, "for re-issue");
}

void lsc_master_reproducible(lsc_master *m) {
  reissue_needs_blocks(m);
  const lsc_repro_spec *spec = &m->settings.reproducible;
  if (!spec->on)
    return;
  lsc_loop *loop = &m->loop;
  loop->repro = 1;
  loop->blocks = lsc_repro_blocks_of(loop->n, spec->block);
  loop->partial_bytes = lsc_partial_bytes(m->vars, loop->nvars);
  if (lsc_repro_table_init(&m->table, loop->blocks.count, loop->partial_bytes) != 0)
    lsc_fatal("%s:%d: out of memory for the partials of %lld blocks of %lld iterations (%s); larger blocks "
              "need fewer",
              loop->site->file, loop->site->line, (long long)loop->blocks.count, (long long)loop->blocks.size,
              m->settings.reproducible_source);
  m->unit = loop->blocks.size;
  m->units = loop->blocks.count;
}

static void put_or_die(lsc_buffer *b, const void *src, size_t n) {
  if (lsc_buffer_put(b, src, n) != 0)
    lsc_fatal("out of memory building the LOOP message");
}

void lsc_master_send_loop(lsc_master *m) {
  const lsc_site *site = m->loop.site;
  lsc_loop_head head = {.n = m->loop.n,
                        .nvars = m->loop.nvars,
                        .env_size = site->env_size,
                        .inner = m->loop.inner,
                        .ranks = m->size,
                        .block_size = m->loop.repro ? m->loop.blocks.size : 0,
                        .instance = m->instance};
  lsc_groups_loop_head(m, &head);
  if (lsc_site_ref_of(site, &head.site) != 0)
    lsc_fatal("%s:%d: the loop site is not static data of a loaded module (lsc_site must be static)",
              site->file, site->line);
  lsc_buffer *b = &m->loop_msg;
  put_or_die(b, &head, sizeof head);
  for (int r = 0; r < m->size; r++) {
    lsc_rank_setting s = {m->threads[r], lsc_env_slowdown(&lsc_rt.config, r), 0, 1.0};
    lsc_groups_rank_setting(m, r, &s);
    put_or_die(b, &s, sizeof s);
  }
  put_or_die(b, m->vars, (size_t)m->loop.nvars * sizeof *m->vars);
  size_t whole_pieces = 0;
  int64_t first, end;
  for (int i = 0; i < m->loop.nvars; i++) {
    const lsc_var *v = &m->vars[i];
    if (v->kind == LSC_VAR_SCALAR)
      put_or_die(
          b, v->flags & LSC_VAR_INDIRECT ? field_pointer(m->user_env, v) : (char *)m->user_env + v->offset,
          v->size);
    if (v->kind == LSC_VAR_ARRAY) { /* where the array starts in its page: a mirror starts there too */
      uint64_t page_offset = LSC_PAGE_OFFSET_OF(m->loop.bases[i]);
      put_or_die(b, &page_offset, sizeof page_offset);
    }
    if (lsc_var_read_once(v, m->loop.extents[i], &first, &end) && end > first) {
      whole_pieces += lsc_tp_pieces((size_t)(end - first) * v->size);
      m->once_bytes += (m->size - 1) * (end - first) * (int64_t)v->size;
    }
  }
  lsc_region_loop_message(m, b);
  /* With re-issue a worker late from an earlier instance takes this LOOP, and the arrays read once, after the
   * loop returned, when the program may have freed them: those go from a copy behind the LOOP bytes, in the
   * buffer kept with the late ranks (reissue_master.c). */
  size_t loop_bytes = b->len;
  if (m->reissue)
    for (int i = 0; i < m->loop.nvars; i++) {
      const lsc_var *v = &m->vars[i];
      if (lsc_var_read_once(v, m->loop.extents[i], &first, &end) && end > first)
        put_or_die(b, (char *)m->loop.bases[i] + (size_t)first * v->size, (size_t)(end - first) * v->size);
    }
  size_t per_worker = 1 + whole_pieces;
  m->nstartup = (size_t)(m->size - 1) * per_worker;
  if (!(m->startup = calloc(m->nstartup, sizeof *m->startup)))
    lsc_fatal("out of memory sending loop %s:%d", site->file, site->line);
  for (int r = 1; r < m->size; r++) {
    MPI_Request *req = &m->startup[(size_t)(r - 1) * per_worker];
    lsc_tp_isend(b->data, loop_bytes, r, LSC_TAG_LOOP, req++);
    size_t copied = loop_bytes;
    for (int i = 0; i < m->loop.nvars; i++) {
      const lsc_var *v = &m->vars[i];
      if (lsc_var_read_once(v, m->loop.extents[i], &first, &end) && end > first) {
        size_t bytes = (size_t)(end - first) * v->size;
        char *from =
            m->reissue ? (char *)b->data + copied : (char *)m->loop.bases[i] + (size_t)first * v->size;
        lsc_tp_isend_large(from, bytes, r, LSC_TAG_DATA, req);
        copied += bytes;
        req += lsc_tp_pieces(bytes);
      }
    }
  }
}

void lsc_master_static_weights(lsc_master *m) {
  const lsc_weights_spec *spec = &m->settings.weights;
  lsc_site_state *st = m->loop.state;
  if (spec->source == LSC_WEIGHTS_MEASURED) {
    int cached = st->measured && st->measured_ranks == m->executing;
    for (int i = 0; i < m->executing; i++)
      m->weights[i] = cached ? st->measured_weights[i] : 1.0;
    m->weights_source = cached ? "measured" : "measured (not calibrated: equal)";
    return;
  }
  lsc_weights_spec shifted = *spec;
  if (spec->source == LSC_WEIGHTS_LIST) {
    shifted.values = spec->values + m->first;
    shifted.count = spec->count - m->first;
  }
  lsc_weight_source used = lsc_static_weights(&shifted, lsc_rt.machines + m->first, m->executing, m->weights);
  m->weights_source = used == spec->source               ? lsc_weight_source_name(used)
                      : spec->source == LSC_WEIGHTS_LIST ? "list (too few values: equal)"
                                                         : "clock unknown: equal";
}

void lsc_master_make_planner(lsc_master *m) {
  lsc_site_state *st = m->loop.state;
  m->alpha = m->settings.alpha;
  if (m->alpha == LSC_ALPHA_AUTO) {
    /* The schemes' rule ([yang-adaptive] HR from the weights, [wu-hybrid] SWR from the samples); the samples
     * enter as the pair (swr, 1), whose min/max is the measured SWR. */
    double samples[2] = {st->swr, 1.0};
    m->alpha = lsc_alpha_auto(m->weights, m->executing, st->measured ? samples : NULL, st->measured ? 2 : 0);
  }
  int any_threads = 0;
  for (int r = m->first; r < m->size; r++)
    any_threads |= m->threads[r] > 1;
  if (any_threads && !m->cores) {
    if (!(m->cores = calloc((size_t)m->executing, sizeof *m->cores)))
      lsc_fatal("out of memory planning loop %s:%d", m->loop.site->file, m->loop.site->line);
    for (int i = 0; i < m->executing; i++)
      m->cores[i] = m->threads[m->first + i];
  }
  lsc_plan_params params = {m->settings.schedule,
                            m->alpha,
                            m->settings.workload,
                            m->units - m->plan_offset,
                            m->executing,
                            m->weights,
                            m->cores,
                            NULL};
  /* The scheme's memory of this loop site (lsc_sched.h): adaptive schemes learn across instances. */
  if (!st->sched_memory && !(st->sched_memory = lsc_sched_memory_new()))
    lsc_fatal("out of memory planning loop %s:%d", m->loop.site->file, m->loop.site->line);
  params.memory = st->sched_memory;
  /* Reproducible mode plans blocks: the schedule's and the workload's iteration counts become blocks. */
  lsc_schedule_in_units(&params.schedule, m->unit);
  lsc_workload_in_units(&params.workload, m->unit);
  if (params.schedule.scheme == LSC_SCHEME_AUTO)
    lsc_master_auto_choose(m, &params);
  lsc_sched_error err;
  m->first_round = m->executing;
  /* A worker still in an earlier instance may not ask for a long while: with re-issue nobody waits for its
   * first request (and a second one that comes makes first_round negative, which ends the wait too). */
  for (int r = m->first > 0 ? m->first : 1; m->settings.reissue > 1 && r < m->size; r++)
    if (!m->boss || m->boss[r] == 0) /* a sub-master's member is not rank 0's planner worker */
      m->first_round -= lsc_late_owes(r) || lsc_late_known_dead(r);
  if (!(m->planner = lsc_planner_new(&params, &err)))
    lsc_fatal("%s:%d: cannot schedule the loop: %s", m->loop.site->file, m->loop.site->line, err.message);
}

void lsc_master_release(lsc_master *m) {
  lsc_tp_set_loop(NULL, 0);
  for (int r = 1; r < m->size; r++) {
    lsc_buffer_free(&m->links[r].out);
    lsc_requests_free(&m->links[r].spans);
    free(m->links[r].partials);
  }
  lsc_planner_free(m->planner);
  lsc_reissue_release(m);
  lsc_repro_table_free(&m->table);
  lsc_settings_free(&m->settings);
  lsc_buffer_free(&m->loop_msg);
  lsc_buffer_free(&m->inbox);
  lsc_piece_list_free(&m->pieces);
  lsc_requests_free(&m->recvs);
  free(m->loop.env);
  m->loop.env = NULL;
  lsc_loop_release(&m->loop);
  free(m->vars);
  free(m->links);
  free(m->stats);
  free(m->threads);
  free(m->weights);
  free(m->cores);
  free(m->sample_busy);
  free(m->sample_swr);
  free(m->sample_sent);
  free(m->sample_took);
  lsc_master_auto_calibration_free(m);
  free(m->startup);
  lsc_groups_release(m);
}
