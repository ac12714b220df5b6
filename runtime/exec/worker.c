/* worker.c - a worker rank's serve loop: between loops it waits for LOOP (or RELEASE); inside a loop it
 * builds its env from LOOP, then asks for chunks with request-ahead, runs each, and sends back its outputs
 * (and, in reproducible mode, the partials of its blocks, tagged by block index), then FINAL. */
#include "exec/worker.h"

#include "data/big_pages.h"
#include "data/mirror.h"
#include "exec/capture.h"
#include "exec/chunk_data.h"
#include "exec/chunk_data_io.h"
#include "exec/fault_ahead.h"
#include "exec/pipeline/pipeline.h"
#include "exec/protocol.h"
#include "exec/region.h"
#include "exec/submaster.h"
#include "exec/test_hooks.h"
#include "fatal.h"
#include "obs/clock.h"
#include "state.h"
#include "transport/transport.h"

#include <stdlib.h>
#include <string.h>

/* A worker asks for two chunks ahead instead of one, up to LSC_MAX_AHEAD requests in flight, after a chunk
 * shorter than LSC_SHORT_CHUNK or after waiting for its chunk longer than LSC_LATE_ANSWER times the chunk's
 * own time; otherwise one, so a worker never holds more work than it needs to stay busy. */
#define LSC_SHORT_CHUNK 50e-6
#define LSC_LATE_ANSWER 0.1
#define LSC_MAX_AHEAD 2
/* Between loops, how often a sub-master with late members looks for their RESULTs (seconds). */
#define LSC_DRAIN_EVERY 1e-2

static lsc_buffer inbox, outbox;
static lsc_buffer order_box; /* an ORDER served between the pieces of a chunk */
/* The large spans of the chunk at hand (chunk_data.h); the requests of the last RESULT (its message and its
 * spans, sent from this rank's arrays) and of the inputs being received. */
static lsc_piece_list pieces, result_pieces;
static lsc_request_list result_reqs, input_reqs;
static lsc_buffer staging; /* inputs that would land on a RESULT still leaving (receive_inputs) */
/* The instance of the loop at hand (LOOP): every REQUEST, RESULT and FINAL names it, so rank 0 can tell this
 * rank's messages of an instance that ended without it (re-issue, exec/late_ranks.h) from current ones. */
static int64_t instance;
/* The rank that hands this rank its chunks: 0, or its group's sub-master (exec/submaster.h). */
static int boss;
/* The sub-master of the last grouped loop over held arrays this rank served as a member: it keeps this
 * rank's rows in its group's directory (exec/region_group.c) and may ask for them between loops. 0: none. */
static int leader;

static void *field_pointer(void *env, const lsc_var *v) {
  void *p;
  memcpy(&p, (char *)env + v->offset, sizeof p);
  return p;
}

/* Builds this worker's env for the loop: bind's globals, the captured scalars, the process's own global
 * arrays; the other arrays (bind_mirrors) and the reductions come after the LOOP's data-region part. */
static void setup_env(lsc_loop *loop, lsc_reader *r) {
  const lsc_site *site = loop->site;
  loop->env_block = lsc_env_block_size(site, loop->vars, loop->nvars);
  loop->env = lsc_site_state_env(loop->state, loop->env_block);
  loop->extents = calloc((size_t)loop->nvars + 1, sizeof *loop->extents);
  loop->bases = calloc((size_t)loop->nvars + 1, sizeof *loop->bases);
  loop->page_offsets = calloc((size_t)loop->nvars + 1, sizeof *loop->page_offsets);
  if (!loop->env || !loop->extents || !loop->bases || !loop->page_offsets)
    lsc_fatal("rank %d: out of memory setting up loop %s:%d", lsc_rt.rank, site->file, site->line);
  memset(loop->env, 0, loop->env_block);
  if (site->bind)
    site->bind(loop->env);
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (v->kind == LSC_VAR_SCALAR) {
      const void *value = lsc_read_skip(r, v->size);
      void *dest = v->flags & LSC_VAR_INDIRECT ? field_pointer(loop->env, v) : (char *)loop->env + v->offset;
      if (value && dest)
        memcpy(dest, value, v->size);
    } else if (v->kind == LSC_VAR_ARRAY) {
      loop->page_offsets[i] = (size_t)((uint64_t)lsc_read_i64(r) % LSC_PAGE_ALIGN_BYTES);
      loop->extents[i] = v->extent;
      if (v->flags & LSC_VAR_GLOBAL) {
        loop->bases[i] = field_pointer(loop->env, v);
        /* the worker's own object, untouched until a chunk's data arrives in it (data/big_pages.h) */
        lsc_big_pages(loop->bases[i], (size_t)v->extent * v->size);
      }
    }
  }
}

/* A mirror for every other array, after the LOOP's data-region part placed the held ones in their region
 * copies: a held array needs none, and a mirror is zeroed memory as large as the array (two 32 MB arrays
 * of jacobi_2d cost the worker 0.2 s of page faults at their loops' first instances). */
static void bind_mirrors(lsc_loop *loop) {
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (v->kind != LSC_VAR_ARRAY || (v->flags & LSC_VAR_GLOBAL) || (loop->held && loop->held[i]))
      continue;
    loop->bases[i] =
        lsc_mirror_get(&loop->state->mirrors, i, (size_t)v->extent * v->size, loop->page_offsets[i]);
    if (!loop->bases[i])
      lsc_fatal("rank %d: out of memory for a %lld-element mirror of an array of %s:%d", lsc_rt.rank,
                (long long)v->extent, loop->site->file, loop->site->line);
    memcpy((char *)loop->env + v->offset, &loop->bases[i], sizeof loop->bases[i]);
  }
  lsc_env_block_init(loop->env, loop->env, loop);
}

/* The elements every iteration reads (chunk_data.h), once per loop instance. */
static void receive_whole_arrays(lsc_loop *loop) {
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    int64_t first, end;
    if (lsc_var_read_once(v, loop->extents[i], &first, &end) && end > first)
      lsc_tp_recv_large((char *)loop->bases[i] + (size_t)first * v->size, (size_t)(end - first) * v->size, 0,
                        LSC_TAG_DATA);
  }
}

static void list_copy(lsc_piece_list *to, const lsc_piece_list *from) {
  if (from->count > to->capacity) {
    lsc_piece *grown = realloc(to->items, from->count * sizeof *grown);
    if (!grown)
      lsc_fatal("rank %d: out of memory listing a chunk's spans", lsc_rt.rank);
    to->items = grown;
    to->capacity = from->count;
  }
  if (from->count)
    memcpy(to->items, from->items, from->count * sizeof *from->items);
  to->count = from->count;
}

/* The inputs of chunk [lo, hi) into this rank's arrays, while the last RESULT's spans may still be leaving
 * from them. Its receives are posted before that RESULT is waited for: waiting first left both ranks
 * waiting on each other's large messages in Open MPI 4.1 (rank 0 on the spans of its next ASSIGN). When an
 * input span shares bytes with that RESULT (hull slices), the large spans land in `staging` first and are
 * copied over once the RESULT is gone, small ones are copied then too. A `packed` ASSIGN (re-issue) has
 * every span in the message and nothing to receive. */
static int receive_inputs(lsc_loop *loop, int64_t lo, int64_t hi, int packed, lsc_reader *r) {
  if (packed) { /* every span is in the message: copied once the RESULT no longer reads those elements */
    if (lsc_chunk_inputs_touch(loop, lo, hi, &result_pieces))
      lsc_requests_wait(&result_reqs);
    int bad =
        lsc_chunk_unpack_inputs(loop, lo, hi, r, NULL) != 0 || lsc_region_worker_inputs(loop, r, boss) != 0;
    lsc_requests_wait(&result_reqs);
    return bad ? -1 : 0;
  }
  if (!lsc_chunk_inputs_touch(loop, lo, hi, &result_pieces)) {
    if (lsc_chunk_unpack_inputs(loop, lo, hi, r, &pieces) != 0 ||
        lsc_region_worker_inputs(loop, r, boss) != 0)
      return -1;
    lsc_pieces_irecv(&pieces, boss, &input_reqs);
    lsc_requests_wait(&input_reqs);
    lsc_requests_wait(&result_reqs);
    return 0;
  }
  lsc_buffer listed = {0};
  lsc_chunk_pack_inputs(loop, lo, hi, &listed, &pieces); /* only to list the large spans */
  lsc_buffer_free(&listed);
  size_t total = 0;
  for (size_t i = 0; i < pieces.count; i++)
    total += pieces.items[i].bytes;
  staging.len = 0;
  if (!lsc_buffer_grow(&staging, total ? total : 1))
    lsc_fatal("rank %d: out of memory for a chunk's inputs", lsc_rt.rank);
  lsc_piece_list staged = {0};
  list_copy(&staged, &pieces);
  for (size_t i = 0, at = 0; i < staged.count; at += staged.items[i++].bytes)
    staged.items[i].at = staging.data + at;
  lsc_pieces_irecv(&staged, boss, &input_reqs);
  lsc_requests_wait(&input_reqs);
  lsc_requests_wait(&result_reqs);
  lsc_piece_list_free(&staged);
  if (lsc_chunk_unpack_inputs(loop, lo, hi, r, &pieces) != 0 || lsc_region_worker_inputs(loop, r, boss) != 0)
    return -1;
  for (size_t i = 0, at = 0; i < pieces.count; at += pieces.items[i++].bytes)
    memcpy(pieces.items[i].at, staging.data + at, pieces.items[i].bytes);
  return 0;
}

/* Decodes LOOP into `loop`; every inconsistency is fatal, since this rank could not compute correctly. */
static void start_loop(lsc_loop *loop) {
  lsc_reader r = lsc_reader_of(inbox.data, inbox.len);
  lsc_loop_head head;
  lsc_read(&r, &head, sizeof head);
  const char *why = "malformed LOOP message";
  const lsc_site *site = r.short_read ? NULL : lsc_site_resolve(&head.site, &why);
  if (!site)
    lsc_fatal("rank %d cannot find the loop site: %s", lsc_rt.rank, why);
  if (head.env_size != site->env_size || head.ranks != lsc_rt.size || head.nvars < 0 || head.nvars > 1 << 20)
    lsc_fatal("rank %d: LOOP message for %s:%d does not match this process", lsc_rt.rank, site->file,
              site->line);
  *loop = (lsc_loop){
      .site = site, .n = head.n, .nvars = (int)head.nvars, .inner = (lsc_inner_schedule)head.inner};
  instance = head.instance;
  for (int64_t rank = 0; rank < head.ranks; rank++) {
    lsc_rank_setting s;
    lsc_read(&r, &s, sizeof s);
    int served_by = lsc_submaster_note(&head, (int)rank, &s);
    if (rank == lsc_rt.rank) {
      boss = served_by;
      loop->threads = (int)s.threads;
      loop->slowdown = s.slowdown;
    }
  }
  loop->state = lsc_site_state_of(site);
  if (!loop->state || lsc_site_state_vars(loop->state, loop->nvars) != 0)
    lsc_fatal("rank %d: out of memory for loop %s:%d", lsc_rt.rank, site->file, site->line);
  for (int i = 0; i < loop->nvars; i++) {
    lsc_read(&r, &loop->state->vars[i], sizeof(lsc_var));
    loop->state->vars[i].name = NULL;
  }
  loop->vars = loop->state->vars;
  if (head.block_size < 0)
    lsc_fatal("rank %d: LOOP message for %s:%d has a negative block size", lsc_rt.rank, site->file,
              site->line);
  if (head.block_size > 0) {
    loop->repro = 1;
    loop->blocks = lsc_repro_blocks_of(loop->n, head.block_size);
    loop->partial_bytes = lsc_partial_bytes(loop->vars, loop->nvars);
  }
  setup_env(loop, &r);
  lsc_region_worker_loop(loop, &r);
  bind_mirrors(loop);
  if (r.short_read)
    lsc_fatal("rank %d: truncated LOOP message for %s:%d", lsc_rt.rank, site->file, site->line);
  receive_whole_arrays(loop);
}

/* When each request in flight left, oldest first: answers come in the order of the requests (one sender,
 * one communicator), so the next ASSIGN or END answers the oldest. For the trace's request arrows. */
typedef struct request_times {
  double at[LSC_MAX_AHEAD + 2];
  int head, count;
} request_times;

static void requests_sent(request_times *q, int64_t count, double now) {
  for (int64_t i = 0; i < count && q->count < (int)(sizeof q->at / sizeof q->at[0]); i++)
    q->at[(q->head + q->count++) % (sizeof q->at / sizeof q->at[0])] = now;
}

static double request_answered(request_times *q, double fallback) {
  if (q->count == 0)
    return fallback;
  double at = q->at[q->head];
  q->head = (q->head + 1) % (int)(sizeof q->at / sizeof q->at[0]);
  q->count--;
  return at;
}

static void request_chunk(request_times *q) {
  requests_sent(q, 1, lsc_now());
  lsc_request_msg msg = {instance};
  lsc_tp_send(&msg, sizeof msg, boss, LSC_TAG_REQUEST);
}

static void send_final(lsc_loop *loop, lsc_rank_stats *stats) {
  outbox.len = 0;
  const int64_t *late;
  lsc_final_head head = {instance, *stats, lsc_submaster_late(&late)};
  int ok = lsc_buffer_put(&outbox, &head, sizeof head) == 0 &&
           (head.late == 0 || lsc_buffer_put(&outbox, late, (size_t)head.late * sizeof *late) == 0);
  for (int i = 0; ok && i < loop->nvars; i++)
    if (loop->vars[i].kind == LSC_VAR_REDUCTION)
      ok = lsc_buffer_put(&outbox, lsc_reduction_at(loop->env, &loop->vars[i]), loop->vars[i].size) == 0;
  if (!ok)
    lsc_fatal("rank %d: out of memory for the FINAL message", lsc_rt.rank);
  lsc_tp_send(outbox.data, outbox.len, 0, LSC_TAG_FINAL);
}

/* Between the pieces of a chunk of a loop holding region arrays: an ORDER for bytes this rank holds is
 * served now, not after the chunk, since a chunk elsewhere waits for them (jacobi_2d with LSC_SLOWDOWN=1,3:
 * rank 0 waited 2.2 ms per instance for a 16 KB halo row while the slowed worker finished its chunk).
 * Serving mid-chunk is safe: the chunks of a DOALL instance write no byte another of its chunks reads, and
 * re-issue is off for such loops (docs/runtime.md), so no range ordered is one this chunk is writing. */
static void serve_orders_between(void *ctx) {
  (void)ctx;
  int from, tag;
  while (lsc_tp_poll_tagged(boss, LSC_TAG_ORDER, &order_box, &from, &tag))
    lsc_region_serve_order(&order_box, NULL, NULL);
}

/* A DOALL loop: chunks from the master until END, results back, with request-ahead. */
static void serve_chunks(lsc_loop *loop, lsc_rank_stats *stats) {
  double waited_before = lsc_tp_waited();
  int64_t chunks_seen = 0, outstanding = 1;
  request_times requests = {{0}, 0, 0};
  request_chunk(&requests);
  for (;;) {
    int from, tag;
    double waited_for_answer = lsc_tp_waited(), wait_begin = lsc_now();
    lsc_tp_recv(boss, &inbox, &from, &tag, loop->held ? LSC_PAUSE_IN_REGION : LSC_PAUSE_IN_LOOP);
    if (tag == LSC_TAG_ORDER) { /* a chunk elsewhere needs bytes this rank holds (exec/region.h) */
      lsc_region_serve_order(&inbox, NULL, NULL);
      continue;
    }
    waited_for_answer = lsc_tp_waited() - waited_for_answer;
    double wait_end = waited_for_answer > 0 ? lsc_now() : wait_begin;
    double requested = request_answered(&requests, wait_begin);
    outstanding--;
    if (tag == LSC_TAG_END)
      break;
    if (tag != LSC_TAG_ASSIGN)
      lsc_fatal("rank %d: unexpected message (tag %d) inside a loop", lsc_rt.rank, tag);
    lsc_reader r = lsc_reader_of(inbox.data, inbox.len);
    lsc_assign_head a;
    lsc_read(&r, &a, sizeof a);
    /* Answers come in order and all of this instance's come before the next LOOP: another instance here is
     * a broken protocol. */
    if (r.short_read || a.instance != instance || a.start < 0 || a.size <= 0 || a.start > loop->n - a.size ||
        (loop->repro && !lsc_repro_whole_blocks(&loop->blocks, a.start, a.start + a.size)) ||
        receive_inputs(loop, a.start, a.start + a.size, a.packed != 0, &r) != 0)
      lsc_fatal("rank %d: malformed ASSIGN message", lsc_rt.rank);
    result_pieces.count = 0;
    /* Request-ahead: the answer, and the next chunk's inputs, travel while this chunk computes. The first
     * chunk asks with a REQUEST of its own; later ones asked with the previous RESULT. */
    if (chunks_seen++ == 0) {
      request_chunk(&requests);
      outstanding++;
    }
    lsc_result_head head = {.instance = instance,
                            .chunk = a.chunk,
                            .copy = a.copy,
                            .start = a.start,
                            .size = a.size,
                            .per_iteration = a.per_iteration,
                            .request = 1,
                            .requested = requested,
                            .wait_begin = wait_begin,
                            .wait_end = wait_end};
    lsc_test_hook_chunk(chunks_seen);
    lsc_run_chunk(loop, a.start, a.start + a.size, (int)a.per_iteration,
                  loop->held ? serve_orders_between : NULL, NULL, &head.timing);
    if (loop->repro) {
      head.first_block = loop->block_first;
      head.blocks = loop->block_count;
    }
    /* One request ahead did not hide the answer (a chunk shorter than a round trip, or a master busy with
     * a long iteration of its own): ask for one more. */
    double took = head.timing.end - head.timing.begin;
    if ((took < LSC_SHORT_CHUNK || waited_for_answer > LSC_LATE_ANSWER * took) && outstanding < LSC_MAX_AHEAD)
      head.request = 2;
    outstanding += head.request;
    stats->chunks++;
    stats->iterations += a.size;
    stats->busy += head.timing.busy;
    stats->idle += head.timing.idle;
    outbox.len = 0;
    if (lsc_buffer_put(&outbox, &head, sizeof head) != 0 ||
        (head.blocks > 0 && loop->partial_bytes > 0 &&
         lsc_buffer_put(&outbox, loop->block_partials, (size_t)head.blocks * loop->partial_bytes) != 0))
      lsc_fatal("rank %d: out of memory for a RESULT message", lsc_rt.rank);
    lsc_chunk_pack_outputs(loop, a.start, a.start + a.size, &outbox, &pieces);
    for (size_t i = 0; i < pieces.count; i++)
      head.in_place += (int64_t)pieces.items[i].bytes;
    memcpy(outbox.data + offsetof(lsc_result_head, in_place), &head.in_place, sizeof head.in_place);
    requests_sent(&requests, head.request, lsc_now());
    lsc_tp_isend(outbox.data, outbox.len, boss, LSC_TAG_RESULT, lsc_requests_add(&result_reqs));
    lsc_pieces_isend(&pieces, boss, &result_reqs);
    list_copy(&result_pieces, &pieces);
  }
  lsc_requests_wait(&result_reqs);
  result_pieces.count = 0;
  stats->wait = lsc_tp_waited() - waited_before;
}

/* Returns whether the loop held arrays of a data region. */
static int serve_loop(void) {
  lsc_loop loop;
  start_loop(&loop);
  lsc_tp_set_loop(loop.site->file ? loop.site->file : "?", loop.site->line);
  lsc_rank_stats stats = {.executes = 1};
  if (loop.site->magic == LSC_PIPELINE_SITE_MAGIC)
    lsc_pipeline_worker_serve(&loop, &stats);
  else if (lsc_submaster_serves())
    lsc_submaster_serve(&loop, &stats, instance);
  else
    serve_chunks(&loop, &stats);
  lsc_region_worker_flush();
  send_final(&loop, &stats);
  lsc_tp_set_loop(NULL, 0);
  int held = loop.held != NULL;
  if (held && boss != 0)
    leader = boss;
  lsc_loop_release(&loop);
  return held;
}

/* Before the first loop: the static arrays, then (on rank 0's node) the reserve for this rank's copies,
 * faulted in by a helper thread while this one polls (exec/fault_ahead.h). 1 when a message came meanwhile
 * (in inbox, from, tag); 0 when there was nothing to fault. The first message stops the helper; the reserve
 * lives until the process ends. */
static int idle_until_message(int *from, int *tag) {
  if (!lsc_fault_ahead_start())
    return 0;
  /* As any wait between loops (transport.h): the helper runs on this rank's core meanwhile. */
  lsc_tp_recv(0, &inbox, from, tag, lsc_tp_pause_between_loops());
  lsc_fault_ahead_stop();
  return 1;
}

/* The next message between loops from rank 0. Inside a data region the next instance (or an ORDER) comes
 * soon: it waits for it awake for LSC_REGION_WAKEFUL (region.h). A group member whose rows its sub-master
 * keeps takes that sub-master's ORDERs too: rank 0 may order the group's bytes home (a region's end, `update
 * host`) or to a chunk elsewhere while this rank waits for its next LOOP. */
static void recv_between_loops(int in_region, int *from, int *tag) {
  if (!leader) {
    if (!in_region ||
        !lsc_tp_recv_within(0, MPI_ANY_TAG, &inbox, from, tag, LSC_PAUSE_IN_REGION, LSC_REGION_WAKEFUL))
      lsc_tp_recv(0, &inbox, from, tag, lsc_tp_pause_between_loops());
    return;
  }
  double awake_until = in_region ? lsc_now() + LSC_REGION_WAKEFUL : 0;
  for (double pause = 2e-6;;) {
    if (lsc_tp_poll(0, &inbox, from, tag) || lsc_tp_poll_tagged(leader, LSC_TAG_ORDER, &inbox, from, tag))
      return;
    lsc_sleep(pause);
    double most = lsc_now() < awake_until ? LSC_PAUSE_IN_REGION : lsc_tp_pause_between_loops();
    pause = pause * 2 < most ? pause * 2 : most;
  }
}

void lsc_worker_serve(void) {
  int in_region = 0, from, tag;
  int early = idle_until_message(&from, &tag);
  for (;;) {
    if (early) {
      early = 0; /* the message that ended the prefaulting */
    } else if (lsc_submaster_owes()) {
      /* A sub-master whose late member still owes it RESULTs takes them as they come (exec/submaster.h). */
      lsc_submaster_drain();
      if (!lsc_tp_recv_within(0, MPI_ANY_TAG, &inbox, &from, &tag, lsc_tp_pause_between_loops(),
                              LSC_DRAIN_EVERY))
        continue;
    } else {
      recv_between_loops(in_region, &from, &tag);
    }
    if (tag == LSC_TAG_RELEASE)
      break;
    if (tag == LSC_TAG_ORDER) { /* bytes of a data region home to rank 0, between loops (exec/region.h) */
      lsc_region_serve_order(&inbox, NULL, NULL);
      lsc_region_worker_flush();
      continue;
    }
    if (tag != LSC_TAG_LOOP)
      lsc_fatal("rank %d: unexpected message (tag %d) between loops", lsc_rt.rank, tag);
    in_region = serve_loop();
  }
  lsc_buffer_free(&inbox);
  lsc_buffer_free(&outbox);
  lsc_buffer_free(&order_box);
  lsc_piece_list_free(&pieces);
  lsc_piece_list_free(&result_pieces);
  lsc_buffer_free(&staging);
  lsc_requests_free(&result_reqs);
  lsc_requests_free(&input_reqs);
  lsc_region_worker_free();
  lsc_fault_ahead_join();
  lsc_worker_exit();
}
