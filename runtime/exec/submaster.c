/* submaster.c - a sub-master's serve loop (exec/submaster.h). Towards rank 0 it is a worker that keeps at
 * most one request in flight: a group chunk arrives as an ASSIGN with its inputs (into this rank's arrays),
 * goes back as one RESULT with its outputs once every piece is in. Towards its group it is a master: each
 * group chunk gets a planner of its own (rank 0's scheme and alpha from the ASSIGN, the loop's workload,
 * over the members' static or sampled weights; a calibration sample is split evenly and timed per member),
 * members' REQUESTs are answered from the oldest group chunk with work for them, their RESULTs land in this
 * rank's arrays, and this rank computes its own pieces in between, answering messages between the pieces of
 * a chunk as rank 0 does. The next group chunk is asked for when less than half of the newest is left to
 * hand out, or a member waits. Since a DOALL chunk reads nothing another chunk writes, the arrays of this
 * rank stand in for rank 0's for the group chunks it holds, so the flat protocol's argument carries over.
 *
 * One request in flight upwards also keeps the large messages apart: rank 0 never sends this rank an ASSIGN
 * while the last one's spans are unreceived, so waiting for a RESULT's spans to leave cannot block on it. */
#include "exec/submaster.h"

#include "exec/chunk_data.h"
#include "exec/chunk_data_io.h"
#include "fatal.h"
#include "obs/clock.h"
#include "state.h"
#include "transport/transport.h"

#include <stdlib.h>
#include <string.h>

typedef struct member {
  int rank;
  double weight;
  int64_t threads;
  int deferred, ended; /* requests not answered yet; END sent */
  lsc_buffer out;
  MPI_Request send;
  lsc_request_list spans;
} member;

/* From the last LOOP: this rank's group, itself first. */
static int grouped, nmembers, capacity;
static member *members;
static lsc_workload workload;
static int weights_measured;

/* A group chunk held here. A calibration sample (per_iteration) is split evenly, one piece per member, each
 * timed per iteration; iters and secs keep what each member's pieces measured. */
typedef struct group_chunk {
  int64_t start, size, returned, chunk, copy, sample;
  double arrived;
  double busy, idle; /* summed over its pieces: the group's core-seconds on it */
  double swr;        /* a sample: the lowest min/max of iteration times among its pieces */
  int64_t *iters;
  double *secs;
  /* alpha > 0: as rank 0's first round (master.c), no member takes a second piece of this chunk before every
   * member had its first, so that request-ahead cannot take another member's alpha share */
  unsigned char *had;
  int waiting;
  /* Reproducible mode: the chunk is whole blocks [first_block, first_block + blocks), the planner counts
   * blocks, and each block's partials land here from the piece that ran it, to go up with the RESULT as
   * a member's would (flat protocol: rank 0 files them by block). */
  int64_t first_block, blocks;
  unsigned char *partials;
  lsc_planner *planner;
} group_chunk;

typedef struct sub {
  lsc_loop *loop;
  lsc_rank_stats *stats;
  int64_t instance;
  group_chunk *held; /* oldest first: one asked ahead, one splitting, older ones with pieces still out */
  int nheld, capacity;
  int asked, up_ended;
  double *weights;
  int64_t *cores;
  lsc_buffer inbox, up_out, saved;
  lsc_piece_list pieces, up_pieces;
  lsc_request_list recvs, up_reqs;
} sub;

static void forget_members(void) {
  for (int i = 0; i < nmembers; i++) {
    lsc_buffer_free(&members[i].out);
    lsc_requests_free(&members[i].spans);
  }
  nmembers = 0;
}

int lsc_submaster_note(const lsc_loop_head *head, int rank, const lsc_rank_setting *s) {
  if (rank == 0) {
    forget_members();
    grouped = head->grouped != 0;
    workload = head->workload;
    weights_measured = head->weights_measured != 0;
  }
  int me = lsc_rt.rank;
  if (!grouped || (rank == me && s->boss != 0) || (rank != me && s->boss != me))
    return (int)s->boss;
  if (rank != me && nmembers == 0) /* a group's sub-master is its lowest rank: listed before its members */
    lsc_fatal("rank %d: LOOP message with a malformed group (rank %d, sub-master %lld)", me, rank,
              (long long)s->boss);
  if (nmembers == capacity) {
    member *grown = realloc(members, (size_t)(capacity * 2 + 4) * sizeof *grown);
    if (!grown)
      lsc_fatal("rank %d: out of memory for its group", lsc_rt.rank);
    members = grown;
    capacity = capacity * 2 + 4;
  }
  members[nmembers++] = (member){.rank = rank,
                                 .weight = s->weight,
                                 .threads = s->threads > 0 ? s->threads : 1,
                                 .send = MPI_REQUEST_NULL};
  return (int)s->boss;
}

int lsc_submaster_serves(void) {
  return grouped && nmembers > 1;
}

static void ask_up(sub *S) {
  if (S->asked || S->up_ended)
    return;
  lsc_request_msg msg = {S->instance};
  lsc_tp_send(&msg, sizeof msg, 0, LSC_TAG_REQUEST);
  S->asked = 1;
}

/* Ahead: when less than half of the newest group chunk is left to hand out (or none is held). */
static void maybe_ask_ahead(sub *S) {
  if (S->nheld == 0) {
    ask_up(S);
    return;
  }
  const group_chunk *g = &S->held[S->nheld - 1];
  if (2 * lsc_planner_remaining(g->planner) <= g->size)
    ask_up(S);
}

/* The next piece for group member `index`, from the oldest group chunk with one for it; *sample says
 * whether that chunk is a calibration sample. */
static int next_piece(sub *S, int index, int64_t *lo, int64_t *hi, int *sample) {
  for (int i = 0; i < S->nheld; i++) {
    group_chunk *g = &S->held[i];
    if (g->had && g->had[index] && g->waiting > 0)
      continue;
    lsc_chunk c;
    if (lsc_planner_remaining(g->planner) > 0 && lsc_planner_next(g->planner, index, &c)) {
      if (S->loop->repro) { /* blocks to iterations, as rank 0's assignment() */
        const lsc_repro_blocks *bl = &S->loop->blocks;
        int64_t end = g->first_block + c.start + c.size;
        *lo = (g->first_block + c.start) * bl->size;
        *hi = end >= bl->count ? bl->n : end * bl->size;
      } else {
        *lo = g->start + c.start;
        *hi = *lo + c.size;
      }
      *sample = (int)g->sample;
      if (g->had && !g->had[index]) {
        g->had[index] = 1;
        g->waiting--;
      }
      return 1;
    }
    if (g->had && !g->had[index]) { /* nothing here for it: the others must not wait for its first piece */
      g->had[index] = 1;
      g->waiting--;
    }
  }
  return 0;
}

/* As master.c's send_to: the small spans in the message, the large ones after it from this rank's arrays. */
static void send_member(sub *S, member *mb, int tag, int64_t lo, int64_t hi, int sample) {
  lsc_tp_wait(&mb->send);
  lsc_requests_wait(&mb->spans);
  mb->out.len = 0;
  S->pieces.count = 0;
  if (tag == LSC_TAG_ASSIGN) {
    /* in place: members are never late */
    lsc_assign_head a = {
        .instance = S->instance, .chunk = -1, .start = lo, .size = hi - lo, .per_iteration = sample};
    if (lsc_buffer_put(&mb->out, &a, sizeof a) != 0)
      lsc_fatal("rank %d: out of memory for an ASSIGN message", lsc_rt.rank);
    lsc_chunk_pack_inputs(S->loop, lo, hi, &mb->out, &S->pieces);
  }
  lsc_tp_isend(mb->out.data, mb->out.len, mb->rank, tag, &mb->send);
  lsc_pieces_isend(&S->pieces, mb->rank, &mb->spans);
}

/* A piece, or END when no group chunk will come any more; 0 when the member must wait. */
static int try_serve(sub *S, int index) {
  member *mb = &members[index];
  int64_t lo, hi;
  int sample;
  if (next_piece(S, index, &lo, &hi, &sample)) {
    send_member(S, mb, LSC_TAG_ASSIGN, lo, hi, sample);
    maybe_ask_ahead(S);
    return 1;
  }
  if (S->up_ended) {
    mb->ended = 1;
    send_member(S, mb, LSC_TAG_END, 0, 0, 0);
    return 1;
  }
  ask_up(S);
  return 0;
}

static void answer(sub *S, int index) {
  member *mb = &members[index];
  if (mb->ended) /* the request riding on the last RESULT after END */
    return;
  if (!try_serve(S, index))
    mb->deferred++;
}

static void release_deferred(sub *S) {
  for (int i = 1; i < nmembers; i++)
    while (members[i].deferred > 0 && !members[i].ended && try_serve(S, i))
      members[i].deferred--;
}

/* A sample's members' rates per core, kept for this site's later splits; a member the sample gave no piece
 * (fewer iterations than members) counts as fast as the mean of the others. Returns the group's summed rate
 * over its summed cores through *rate and *cores. */
static void rate_members(sub *S, const group_chunk *g, double *rate, double *cores) {
  lsc_site_state *st = S->loop->state;
  if (st->group_rated != nmembers) {
    double *grown = realloc(st->group_rates, (size_t)nmembers * sizeof *grown);
    if (!grown)
      lsc_fatal("rank %d: out of memory for its group's rates", lsc_rt.rank);
    st->group_rates = grown;
  }
  double sum = 0;
  int timed = 0;
  for (int i = 0; i < nmembers; i++)
    if (g->iters[i] > 0) {
      sum += (double)g->iters[i] / (g->secs[i] > 1e-9 ? g->secs[i] : 1e-9);
      timed++;
    }
  *rate = 0;
  *cores = 0;
  for (int i = 0; i < nmembers; i++) {
    double r = g->iters[i] > 0 ? (double)g->iters[i] / (g->secs[i] > 1e-9 ? g->secs[i] : 1e-9)
               : timed         ? sum / timed
                               : 1.0;
    st->group_rates[i] = r;
    *rate += r * (double)members[i].threads;
    *cores += (double)members[i].threads;
  }
  st->group_rated = nmembers;
}

/* The group chunk's time as rank 0 reads a worker's. A sample's: the time this rank's threads would need for
 * it at the group's mean rate per core, so that rank 0's sample rate (threads x size / time, master.c) is the
 * group's planner weight (rate per core, exec/submaster_groups.c). Any other chunk's: its core-seconds over
 * the members, the time the group takes when its split is balanced, which the adaptive schemes turn into
 * the group's rate. */
static lsc_chunk_timing group_timing(sub *S, const group_chunk *g, double now) {
  lsc_chunk_timing t = {.begin = g->arrived, .end = now};
  if (g->sample) {
    double rate, cores;
    rate_members(S, g, &rate, &cores);
    t.busy = (double)members[0].threads * (double)g->size * cores / (rate > 0 ? rate : 1e-9);
    t.it_min = g->swr;
    t.it_max = 1.0;
    return t;
  }
  t.busy = g->busy / nmembers;
  t.idle = g->idle / nmembers;
  return t;
}

static void free_chunk(group_chunk *g) {
  lsc_planner_free(g->planner);
  free(g->iters);
  free(g->secs);
  free(g->had);
  free(g->partials);
}

/* The group chunk is whole on this rank: its outputs go to rank 0 as one RESULT, with its spans. */
static void send_up(sub *S, const group_chunk *g) {
  lsc_requests_wait(&S->up_reqs);
  double now = lsc_now();
  lsc_result_head h = {.instance = S->instance,
                       .chunk = g->chunk,
                       .copy = g->copy,
                       .start = g->start,
                       .size = g->size,
                       .per_iteration = g->sample,
                       .timing = group_timing(S, g, now),
                       .requested = g->arrived,
                       .wait_begin = g->arrived,
                       .wait_end = g->arrived};
  h.first_block = g->first_block;
  h.blocks = g->blocks;
  S->up_out.len = 0;
  if (lsc_buffer_put(&S->up_out, &h, sizeof h) != 0 ||
      (g->partials &&
       lsc_buffer_put(&S->up_out, g->partials, (size_t)g->blocks * S->loop->partial_bytes) != 0))
    lsc_fatal("rank %d: out of memory for a RESULT message", lsc_rt.rank);
  lsc_chunk_pack_outputs(S->loop, g->start, g->start + g->size, &S->up_out, &S->up_pieces);
  for (size_t i = 0; i < S->up_pieces.count; i++)
    h.in_place += (int64_t)S->up_pieces.items[i].bytes;
  memcpy(S->up_out.data + offsetof(lsc_result_head, in_place), &h.in_place, sizeof h.in_place);
  lsc_tp_isend(S->up_out.data, S->up_out.len, 0, LSC_TAG_RESULT, lsc_requests_add(&S->up_reqs));
  lsc_pieces_isend(&S->up_pieces, 0, &S->up_reqs);
}

/* Reproducible mode: the partials of blocks [first, first + count), which a piece of a held group chunk
 * ran, filed in that chunk by block. A piece that does not match its blocks is a broken protocol. */
static void store_partials(sub *S, int from, int64_t lo, int64_t hi, int64_t first, int64_t count,
                           const void *partials) {
  int64_t expect_first, expect = lsc_repro_blocks_in(&S->loop->blocks, lo, hi, &expect_first);
  for (int i = 0; i < S->nheld && partials && expect == count && expect_first == first; i++) {
    group_chunk *g = &S->held[i];
    if (g->partials && first >= g->first_block && first + count <= g->first_block + g->blocks) {
      memcpy(g->partials + (size_t)(first - g->first_block) * S->loop->partial_bytes, partials,
             (size_t)count * S->loop->partial_bytes);
      return;
    }
  }
  lsc_fatal("rank %d: malformed RESULT message from rank %d of its group: blocks [%lld, +%lld)", lsc_rt.rank,
            from, (long long)first, (long long)count);
}

/* Iterations [lo, hi) of member `index` are in this rank's arrays, timed t: the planner learns from them
 * (adaptive schemes), and the group chunk holding them may be complete. */
static void piece_done(sub *S, int index, int64_t lo, int64_t hi, const lsc_chunk_timing *t) {
  for (int i = 0; i < S->nheld; i++) {
    group_chunk *g = &S->held[i];
    if (lo < g->start || hi > g->start + g->size)
      continue;
    g->returned += hi - lo;
    g->busy += t->busy;
    g->idle += t->idle;
    lsc_chunk piece = {lo - g->start, hi - lo};
    if (S->loop->repro) {
      piece.size = lsc_repro_blocks_in(&S->loop->blocks, lo, hi, &piece.start);
      piece.start -= g->first_block;
    }
    lsc_planner_feedback(g->planner, index, &piece, t->busy + t->idle);
    if (g->sample) {
      g->iters[index] += hi - lo;
      g->secs[index] += t->busy + t->idle; /* LSC_SLOWDOWN's idling included, as rank 0 times samples */
      double swr = t->it_max > 0 ? t->it_min / t->it_max : 1.0;
      g->swr = swr < g->swr ? swr : g->swr;
    }
    if (g->returned < g->size)
      return;
    send_up(S, g);
    free_chunk(g);
    memmove(g, g + 1, (size_t)(S->nheld - i - 1) * sizeof *g);
    S->nheld--;
    return;
  }
  lsc_fatal("rank %d: internal error: piece [%lld, %lld) outside its group chunks", lsc_rt.rank,
            (long long)lo, (long long)hi);
}

/* A group chunk's planner. A calibration sample: static, one even piece per member (each times its own).
 * Otherwise rank 0's scheme and alpha for this chunk, over the members' weights: their sampled rates when
 * the weights are measured and a sample of this site came through here, their static weights otherwise; the
 * adaptive schemes keep what they learn of the members in the site's group memory across chunks. */
static lsc_planner *split_planner(sub *S, const lsc_assign_head *a, int64_t units) {
  lsc_site_state *st = S->loop->state;
  lsc_plan_params params = {a->split_schedule, (int)a->split_alpha, workload, units,
                            nmembers,          S->weights,          S->cores, NULL};
  if (S->loop->repro) { /* the planner counts blocks, as rank 0's does (master_setup.c) */
    lsc_schedule_in_units(&params.schedule, S->loop->blocks.size);
    lsc_workload_in_units(&params.workload, S->loop->blocks.size);
  }
  if (a->per_iteration) {
    params.schedule = (lsc_schedule){.scheme = LSC_SCHEME_STATIC};
    params.alpha = 0;
    params.workload = (lsc_workload){0};
    params.weights = NULL;
    params.cores = NULL;
  } else {
    if (weights_measured && st->group_rated == nmembers)
      params.weights = st->group_rates;
    if (!st->group_memory && !(st->group_memory = lsc_sched_memory_new()))
      lsc_fatal("rank %d: out of memory for its group", lsc_rt.rank);
    params.memory = st->group_memory;
  }
  lsc_sched_error err;
  lsc_planner *planner = lsc_planner_new(&params, &err);
  if (!planner)
    lsc_fatal("rank %d: cannot split its group's chunk: %s", lsc_rt.rank, err.message);
  return planner;
}

static void take_assign(sub *S) {
  lsc_reader r = lsc_reader_of(S->inbox.data, S->inbox.len);
  lsc_assign_head a;
  lsc_read(&r, &a, sizeof a);
  lsc_loop *loop = S->loop;
  if (r.short_read || a.instance != S->instance || a.packed || a.start < 0 || a.size <= 0 ||
      a.start > loop->n - a.size ||
      (loop->repro && !lsc_repro_whole_blocks(&loop->blocks, a.start, a.start + a.size)))
    lsc_fatal("rank %d: malformed ASSIGN message for its group", lsc_rt.rank);
  if (S->nheld == S->capacity) {
    group_chunk *grown = realloc(S->held, (size_t)(S->capacity * 2 + 4) * sizeof *grown);
    if (!grown)
      lsc_fatal("rank %d: out of memory for its group's chunks", lsc_rt.rank);
    S->held = grown;
    S->capacity = S->capacity * 2 + 4;
  }
  S->asked = 0;
  /* Inputs that would land on a RESULT still leaving: that RESULT first (no ASSIGN of rank 0 is pending). */
  if (lsc_chunk_inputs_touch(loop, a.start, a.start + a.size, &S->up_pieces)) {
    lsc_requests_wait(&S->up_reqs);
    S->up_pieces.count = 0;
  }
  /* Slices are hulls: the new chunk's inputs may cover outputs of the group chunks held here, which are
   * newer on this rank than on rank 0 until their RESULT goes. They are kept aside and put back. */
  S->saved.len = 0;
  for (int i = 0; i < S->nheld; i++)
    lsc_chunk_pack_outputs(loop, S->held[i].start, S->held[i].start + S->held[i].size, &S->saved, NULL);
  if (lsc_chunk_unpack_inputs(loop, a.start, a.start + a.size, &r, &S->pieces) != 0)
    lsc_fatal("rank %d: malformed ASSIGN message for its group", lsc_rt.rank);
  lsc_pieces_irecv(&S->pieces, 0, &S->recvs);
  lsc_requests_wait(&S->recvs);
  lsc_reader kept = lsc_reader_of(S->saved.data, S->saved.len);
  for (int i = 0; i < S->nheld; i++)
    if (lsc_chunk_unpack_outputs(loop, S->held[i].start, S->held[i].start + S->held[i].size, &kept, NULL) !=
        0)
      lsc_fatal("rank %d: internal error restoring its group's outputs", lsc_rt.rank);
  group_chunk *g = &S->held[S->nheld];
  *g = (group_chunk){.start = a.start,
                     .size = a.size,
                     .chunk = a.chunk,
                     .copy = a.copy,
                     .sample = a.per_iteration != 0,
                     .arrived = lsc_now(),
                     .swr = 1.0};
  if (loop->repro) {
    g->blocks = lsc_repro_blocks_in(&loop->blocks, a.start, a.start + a.size, &g->first_block);
    if (!(g->partials = malloc((size_t)g->blocks * loop->partial_bytes + 1)))
      lsc_fatal("rank %d: out of memory for its group's block partials", lsc_rt.rank);
  }
  g->planner = split_planner(S, &a, loop->repro ? g->blocks : a.size);
  if (g->sample && (!(g->iters = calloc((size_t)nmembers, sizeof *g->iters)) ||
                    !(g->secs = calloc((size_t)nmembers, sizeof *g->secs))))
    lsc_fatal("rank %d: out of memory for its group's sample", lsc_rt.rank);
  if (!g->sample && a.split_alpha > 0) {
    if (!(g->had = calloc((size_t)nmembers, 1)))
      lsc_fatal("rank %d: out of memory for its group's chunks", lsc_rt.rank);
    g->waiting = nmembers;
  }
  S->nheld++;
  release_deferred(S);
  maybe_ask_ahead(S);
}

static int member_of(int rank) {
  for (int i = 1; i < nmembers; i++)
    if (members[i].rank == rank)
      return i;
  return -1;
}

static void take_result(sub *S, int index) {
  lsc_reader r = lsc_reader_of(S->inbox.data, S->inbox.len);
  lsc_result_head h;
  lsc_read(&r, &h, sizeof h);
  int rank = members[index].rank;
  if (r.short_read || h.instance != S->instance || h.start < 0 || h.size <= 0 ||
      h.start > S->loop->n - h.size || (h.blocks != 0) != S->loop->repro)
    lsc_fatal("rank %d: malformed RESULT message from rank %d of its group", lsc_rt.rank, rank);
  if (S->loop->repro)
    store_partials(S, rank, h.start, h.start + h.size, h.first_block, h.blocks,
                   lsc_read_skip(&r, (size_t)h.blocks * S->loop->partial_bytes));
  if (lsc_chunk_unpack_outputs(S->loop, h.start, h.start + h.size, &r, &S->pieces) != 0)
    lsc_fatal("rank %d: malformed RESULT message from rank %d of its group", lsc_rt.rank, rank);
  int64_t expected = 0;
  for (size_t i = 0; i < S->pieces.count; i++)
    expected += (int64_t)S->pieces.items[i].bytes;
  if (expected != h.in_place)
    lsc_fatal("rank %d: RESULT of rank %d announces %lld bytes in place, %lld expected", lsc_rt.rank, rank,
              (long long)h.in_place, (long long)expected);
  lsc_pieces_irecv(&S->pieces, rank, &S->recvs);
  lsc_requests_wait(&S->recvs);
  piece_done(S, index, h.start, h.start + h.size, &h.timing);
  for (int64_t i = 0; i < h.request && i < 2; i++)
    answer(S, index);
}

static void handle(sub *S, int from, int tag) {
  int index = from == 0 ? 0 : member_of(from);
  if (from == 0 && tag == LSC_TAG_ASSIGN) {
    take_assign(S);
  } else if (from == 0 && tag == LSC_TAG_END) {
    S->asked = 0;
    S->up_ended = 1;
    release_deferred(S);
  } else if (index > 0 && tag == LSC_TAG_REQUEST) {
    lsc_reader r = lsc_reader_of(S->inbox.data, S->inbox.len);
    lsc_request_msg msg;
    lsc_read(&r, &msg, sizeof msg);
    if (r.short_read || msg.instance != S->instance)
      lsc_fatal("rank %d: malformed REQUEST from rank %d of its group", lsc_rt.rank, from);
    answer(S, index);
  } else if (index > 0 && tag == LSC_TAG_RESULT) {
    take_result(S, index);
  } else {
    lsc_fatal("rank %d: unexpected message (tag %d) from rank %d while serving its group", lsc_rt.rank, tag,
              from);
  }
}

static void serve_pending(void *ctx) {
  sub *S = ctx;
  int from, tag;
  while (lsc_tp_poll(MPI_ANY_SOURCE, &S->inbox, &from, &tag))
    handle(S, from, tag);
  release_deferred(S); /* a member's first piece may have ended a first round */
}

static int all_done(const sub *S) {
  if (!S->up_ended || S->nheld > 0)
    return 0;
  for (int i = 1; i < nmembers; i++)
    if (!members[i].ended)
      return 0;
  return 1;
}

static void run_own(sub *S, int64_t lo, int64_t hi, int sample) {
  lsc_chunk_timing t;
  lsc_run_chunk(S->loop, lo, hi, sample, serve_pending, S, &t);
  if (S->loop->repro)
    store_partials(S, lsc_rt.rank, lo, hi, S->loop->block_first, S->loop->block_count,
                   S->loop->block_partials);
  S->stats->chunks++;
  S->stats->iterations += hi - lo;
  S->stats->busy += t.busy;
  S->stats->idle += t.idle;
  piece_done(S, 0, lo, hi, &t);
  maybe_ask_ahead(S);
}

void lsc_submaster_serve(lsc_loop *loop, lsc_rank_stats *stats, int64_t instance) {
  double waited_before = lsc_tp_waited();
  sub S = {.loop = loop, .stats = stats, .instance = instance};
  int threaded = 0;
  S.weights = calloc((size_t)nmembers, sizeof *S.weights);
  S.cores = calloc((size_t)nmembers, sizeof *S.cores);
  if (!S.weights || !S.cores)
    lsc_fatal("rank %d: out of memory for its group", lsc_rt.rank);
  for (int i = 0; i < nmembers; i++) {
    S.weights[i] = members[i].weight;
    S.cores[i] = members[i].threads;
    threaded |= members[i].threads > 1;
  }
  if (!threaded) { /* cores NULL: one each, as rank 0 plans a flat loop */
    free(S.cores);
    S.cores = NULL;
  }
  ask_up(&S);
  for (;;) {
    serve_pending(&S);
    if (all_done(&S))
      break;
    int64_t lo, hi;
    int sample;
    if (next_piece(&S, 0, &lo, &hi, &sample)) {
      release_deferred(&S); /* this rank's first piece may have ended a first round */
      run_own(&S, lo, hi, sample);
      continue;
    }
    int from, tag;
    lsc_tp_recv(MPI_ANY_SOURCE, &S.inbox, &from, &tag, LSC_PAUSE_IN_LOOP);
    handle(&S, from, tag);
  }
  for (int i = 1; i < nmembers; i++) {
    lsc_tp_wait(&members[i].send);
    lsc_requests_wait(&members[i].spans);
  }
  lsc_requests_wait(&S.up_reqs);
  stats->wait = lsc_tp_waited() - waited_before;
  free(S.weights);
  free(S.cores);
  free(S.held);
  lsc_buffer_free(&S.inbox);
  lsc_buffer_free(&S.up_out);
  lsc_buffer_free(&S.saved);
  lsc_piece_list_free(&S.pieces);
  lsc_piece_list_free(&S.up_pieces);
  lsc_requests_free(&S.recvs);
  lsc_requests_free(&S.up_reqs);
}
