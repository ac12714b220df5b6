/* submaster.c - a sub-master's serve loop (exec/submaster.h). Towards rank 0 it is a worker that keeps at
 * most one request in flight: a group chunk arrives as an ASSIGN with its inputs (into this rank's arrays),
 * goes back as one RESULT with its outputs once every piece is in. Towards its group it is a master: each
 * group chunk gets a planner of its own (exec/submaster_chunk.h: rank 0's scheme and alpha from the ASSIGN,
 * over the members' static or sampled weights; a calibration sample is split evenly and timed per member),
 * members' REQUESTs are answered from the oldest group chunk with work for them, their RESULTs land in this
 * rank's arrays, and this rank computes its own pieces in between, answering messages between the pieces of
 * a chunk as rank 0 does. The next group chunk is asked for when less than half of the newest is left to
 * hand out, or a member waits. Since a DOALL chunk reads nothing another chunk writes, the arrays of this
 * rank stand in for rank 0's for the group chunks it holds, so the flat protocol's argument carries over.
 *
 * One request in flight upwards also keeps the large messages apart: rank 0 never sends this rank an ASSIGN
 * while the last one's spans are unreceived, so waiting for a RESULT's spans to leave cannot block on it.
 *
 * Re-issue inside the group (the LOOP's `reissue`: by default for a body whose only effects are its outputs;
 * docs/runtime.md, "Hierarchical masters"). The members' first-hand pieces go into a re-issue table of this
 * instance (sched/reissue.c, the pure table rank 0 uses). Once rank 0 has nothing more for the group (its END
 * came) and a member asks with nothing left to hand out, it gets a whole copy of the oldest outstanding piece
 * of another member; when this rank has nothing left itself, it claims one (the claim counts as the piece's
 * result from then on, so no member's result is unpacked over what it computes in place). The first result
 * of a piece is applied, a later one dropped: its small spans are not unpacked, its large ones go to scratch
 * memory, its block partials are not filed. The group chunk's RESULT goes up when every piece has one result.
 * Then a member still computing a piece nobody needs is late: this rank sends it END without waiting, lists
 * it in its FINAL so that rank 0 does not wait for its FINAL, keeps the buffers of its unfinished sends
 * (exec/late_ranks.h), and drops its messages of the ended instance (by their instance number) whenever it
 * next listens: in its next group loop, or between loops (lsc_submaster_drain), so the member's large spans
 * never block it. What a late member may still read is never this rank's arrays: an ASSIGN to a member that
 * holds a piece, and every copy, carry their spans in the message (`packed`); a piece whose spans went in
 * place to a member that holds nothing is neither copied nor claimed until they are in. This rank's own
 * first-hand pieces are never copied: it computes them in place.
 *
 * Across the levels, rank 0's own re-issue (exec/reissue_master.h) sees each group chunk as one chunk of this
 * rank: when this rank is stopped or slow, rank 0 splits the group chunk or copies it to another rank, and a
 * copy or a group chunk handed ahead comes packed (every span in the ASSIGN). When the loop ends without this
 * rank's RESULT, rank 0 counts it and its members late and drops their messages of that instance; this rank
 * still finishes the group chunk, sends its RESULT (dropped) and ends its members as usual. */
#include "exec/submaster.h"

#include "exec/chunk_data.h"
#include "exec/chunk_data_io.h"
#include "exec/late_ranks.h"
#include "exec/region.h"
#include "exec/submaster_chunk.h"
#include "exec/test_hooks.h"
#include "fatal.h"
#include "obs/clock.h"
#include "state.h"
#include "transport/transport.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* With re-issue, how often this rank looks again for a piece to claim while it waits for messages: a piece
 * whose in-place spans arrive becomes one without any message (seconds). */
#define LSC_SUBMASTER_RECHECK 2e-3

typedef struct member {
  int rank;
  double weight;
  int64_t threads;
  int deferred, ended; /* requests not answered yet; END sent */
  int heard;           /* sent a message of this instance */
  int64_t receiving;   /* re-issue: its piece whose in-place spans it may not have yet, -1 none */
  lsc_buffer out;
  MPI_Request send;
  lsc_request_list spans;
} member;

/* From the last LOOP: this rank's group, itself first. */
static int grouped, nmembers, capacity;
static int64_t last_instance; /* of the last group loop served: messages of it and before are stale after */
static member *members;
static lsc_workload workload;
static int weights_measured;
/* Re-issue inside the group: the most copies of one piece (from the last LOOP; <= 1 off); by rank, the
 * pieces handed to it whose RESULT has not come, across instances (a late member's come later); the members
 * the last FINAL lists as late. */
static int copies;
static int64_t *owed;
static int64_t *late_list;
/* by rank: the instance of a member's REQUEST that came while this rank still served the one before (late,
 * re-issue), answered when this rank serves that instance; 0 none */
static int64_t *ahead;
static int nlate;

typedef struct sub {
  lsc_loop *loop;
  lsc_rank_stats *stats;
  int64_t instance;
  lsc_group_chunk *held; /* oldest first: one asked ahead, one splitting, older ones with pieces still out */
  int nheld, capacity;
  int asked, up_ended;
  lsc_group group;
  double *weights;
  int64_t *cores, *threads;
  lsc_buffer inbox, up_out, saved;
  lsc_piece_list pieces, up_pieces;
  lsc_request_list recvs, up_reqs;
  lsc_reissue_table *table; /* re-issue on: the members' first-hand pieces of this instance */
  int64_t dropped;          /* results dropped (late copies, ended instances) */
  int64_t own_pieces;       /* this rank's own pieces so far (exec/test_hooks.h) */
  /* A data region's arrays of the loop (the LOOP's held part; NULL: none): held at both levels. Towards rank
   * 0 this rank is their one holder for the group -- a group chunk's inputs the group lacks come by rank 0's
   * directory, its outputs stay in the group -- and towards its members it keeps the group's directory
   * (region.h, region_group.c): each member keeps the rows it computed, a piece gets only the bytes its
   * member lacks, and this rank pulls from its members what its own pieces and rank 0's orders need. */
  const unsigned char *region;
  lsc_piece_list region_in_place; /* a piece's region ranges sent in place after its ASSIGN */
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
    copies = grouped && head->reissue > 1 ? (int)head->reissue : 1;
    nlate = 0;
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
                                 .receiving = -1,
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
  if (lsc_group_chunk_half_out(&S->held[S->nheld - 1]))
    ask_up(S);
}

/* The next piece for group member `index`, from the oldest group chunk with one for it; *sample says
 * whether that chunk is a calibration sample. */
static int next_piece(sub *S, int index, int64_t *lo, int64_t *hi, int *sample) {
  for (int i = 0; i < S->nheld; i++)
    if (lsc_group_chunk_next(&S->held[i], index, S->loop, lo, hi)) {
      *sample = (int)S->held[i].sample;
      return 1;
    }
  return 0;
}

/* Re-issue: the last ASSIGN may still be on its way to a stopped or slow member; its sends are kept with
 * their buffer (exec/late_ranks.h), not waited for, so that this rank goes on serving the others. A member
 * asks again only after it received its last in-place spans, so those are complete here. */
static void keep_unfinished(member *mb) {
  int done = 0;
  if (mb->send != MPI_REQUEST_NULL)
    lsc_tp_check(MPI_Test(&mb->send, &done, MPI_STATUS_IGNORE), "MPI_Test", mb->rank);
  if (mb->send == MPI_REQUEST_NULL && mb->spans.count == 0)
    return;
  MPI_Request reqs[1 + mb->spans.count];
  reqs[0] = mb->send;
  for (size_t i = 0; i < mb->spans.count; i++)
    reqs[1 + i] = mb->spans.reqs[i];
  lsc_late_keep_sends(reqs, 1 + mb->spans.count, mb->out.data);
  mb->out = (lsc_buffer){0};
  mb->send = MPI_REQUEST_NULL;
  mb->spans.count = 0;
}

/* As master.c's send_to: the small spans in the message, the large ones after it from this rank's arrays --
 * with re-issue only to a member that holds nothing (it takes them at once), else packed in the message. */
static void send_member(sub *S, member *mb, int tag, const lsc_assign_head *piece) {
  if (S->table)
    keep_unfinished(mb);
  lsc_tp_wait(&mb->send);
  lsc_requests_wait(&mb->spans);
  mb->out.len = 0;
  S->pieces.count = 0;
  lsc_assign_head a = {0};
  if (tag == LSC_TAG_ASSIGN) {
    a = *piece;
    a.instance = S->instance;
    a.packed = S->table && (a.copy || owed[mb->rank] > 0);
    if (lsc_buffer_put(&mb->out, &a, sizeof a) != 0)
      lsc_fatal("rank %d: out of memory for an ASSIGN message", lsc_rt.rank);
    lsc_chunk_pack_inputs(S->loop, a.start, a.start + a.size, &mb->out, a.packed ? NULL : &S->pieces);
    lsc_region_group_assign(S->loop, mb->rank, a.start, a.start + a.size, &mb->out, &S->region_in_place);
    owed[mb->rank]++;
  }
  lsc_tp_isend(mb->out.data, mb->out.len, mb->rank, tag, &mb->send);
  lsc_pieces_isend(&S->pieces, mb->rank, &mb->spans);
  /* After the ASSIGN, which the member takes first whatever its tag (as rank 0's in-place ranges) */
  if (tag == LSC_TAG_ASSIGN && S->region_in_place.count > 0)
    lsc_pieces_send_tagged(&S->region_in_place, mb->rank, LSC_TAG_PEER, &mb->spans);
  if (S->table && tag == LSC_TAG_ASSIGN && mb->spans.count > 0 && a.chunk >= 0) {
    lsc_reissue_receiving(S->table, a.chunk, 1);
    mb->receiving = a.chunk;
  }
}

static void inputs_in(sub *S, member *mb) {
  if (mb->receiving < 0)
    return;
  lsc_reissue_receiving(S->table, mb->receiving, 0);
  mb->receiving = -1;
}

/* Before a copy is picked: the pieces whose in-place spans have arrived since may be copied. */
static void refresh_receiving(sub *S) {
  for (int i = 1; i < nmembers; i++) {
    member *mb = &members[i];
    if (mb->receiving >= 0 && lsc_requests_done(&mb->spans, mb->rank))
      inputs_in(S, mb);
  }
}

/* Re-issue, nothing left to hand out and none coming from rank 0: a whole copy of the oldest outstanding
 * piece that group member `index` (0: this rank) holds no copy of. */
static int64_t pick_copy(sub *S, int index, lsc_chunk *c) {
  if (!S->table || !S->up_ended)
    return -1;
  refresh_receiving(S);
  return lsc_reissue_pick(S->table, index, c);
}

/* A piece (a copy with re-issue, when none is left), or END when no group chunk will come any more; 0 when
 * the member must wait. */
static int try_serve(sub *S, int index) {
  member *mb = &members[index];
  int64_t lo, hi;
  int sample;
  if (next_piece(S, index, &lo, &hi, &sample)) {
    lsc_assign_head a = {.chunk = -1, .start = lo, .size = hi - lo, .per_iteration = sample};
    /* A calibration sample's pieces are timed by their member: never copied (as rank 0's samples). */
    if (S->table && !sample && (a.chunk = lsc_reissue_handed(S->table, lo, hi - lo, index)) < 0)
      lsc_fatal("rank %d: out of memory for its group's re-issue table", lsc_rt.rank);
    send_member(S, mb, LSC_TAG_ASSIGN, &a);
    maybe_ask_ahead(S);
    return 1;
  }
  lsc_chunk c;
  int64_t id = pick_copy(S, index, &c);
  if (id >= 0) {
    lsc_assign_head a = {.chunk = id, .copy = 1, .start = c.start, .size = c.size};
    send_member(S, mb, LSC_TAG_ASSIGN, &a);
    S->stats->reissued++;
    return 1;
  }
  if (S->up_ended) {
    mb->ended = 1;
    send_member(S, mb, LSC_TAG_END, NULL);
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

/* The group chunk is whole on this rank: its outputs go to rank 0 as one RESULT, with its spans. */
static void send_up(sub *S, const lsc_group_chunk *g) {
  lsc_requests_wait(&S->up_reqs);
  double now = lsc_now();
  lsc_result_head h = {.instance = S->instance,
                       .chunk = g->chunk,
                       .copy = g->copy,
                       .start = g->start,
                       .size = g->size,
                       .per_iteration = g->sample,
                       .timing = lsc_group_chunk_timing(g, &S->group, S->loop, now),
                       .requested = g->arrived,
                       .wait_begin = g->arrived,
                       .wait_end = g->arrived};
  h.first_block = g->first_block;
  h.blocks = g->blocks;
  h.traced = g->traced_count;
  S->up_out.len = 0;
  if (lsc_buffer_put(&S->up_out, &h, sizeof h) != 0 ||
      (g->partials &&
       lsc_buffer_put(&S->up_out, g->partials, (size_t)g->blocks * S->loop->partial_bytes) != 0) ||
      (g->traced_count > 0 && lsc_buffer_put(&S->up_out, g->traced.data, g->traced.len) != 0))
    lsc_fatal("rank %d: out of memory for a RESULT message", lsc_rt.rank);
  /* A data region's outputs stay in the group: rank 0's directory records them on this rank. */
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
  for (int i = 0; i < S->nheld && expect == count && expect_first == first; i++)
    if (lsc_group_chunk_partials(&S->held[i], S->loop, first, count, partials) == 0)
      return;
  lsc_fatal("rank %d: malformed RESULT message from rank %d of its group: blocks [%lld, +%lld)", lsc_rt.rank,
            from, (long long)first, (long long)count);
}

/* The held group chunk that holds [lo, hi), -1 none. Held chunks never overlap (take_assign). */
static int holding(const sub *S, int64_t lo, int64_t hi) {
  for (int i = 0; i < S->nheld; i++)
    if (lsc_group_chunk_holds(&S->held[i], lo, hi))
      return i;
  return -1;
}

/* Iterations [lo, hi) of member `index` are in this rank's arrays, timed t: the planner learns from them
 * (adaptive schemes), and the group chunk holding them may be complete. */
static void piece_done(sub *S, int index, int copy, int64_t lo, int64_t hi, const lsc_chunk_timing *t) {
  int i = holding(S, lo, hi);
  if (i < 0)
    lsc_fatal("rank %d: internal error: piece [%lld, %lld) outside its group chunks", lsc_rt.rank,
              (long long)lo, (long long)hi);
  lsc_group_chunk *g = &S->held[i];
  if (lsc_rt.tracing) { /* rank 0's trace shows the piece on its member's track */
    lsc_piece_trace p = {members[index].rank, lo, hi - lo, copy, t->begin, t->end, t->busy};
    if (lsc_buffer_put(&g->traced, &p, sizeof p) != 0)
      lsc_fatal("rank %d: out of memory for the trace of a group chunk", lsc_rt.rank);
    g->traced_count++;
  }
  if (lsc_group_chunk_done(g, index, copy, S->loop, lo, hi, t)) {
    send_up(S, g);
    lsc_group_chunk_free(g);
    memmove(g, g + 1, (size_t)(S->nheld - i - 1) * sizeof *g);
    S->nheld--;
  }
}

static void take_assign(sub *S) {
  lsc_reader r = lsc_reader_of(S->inbox.data, S->inbox.len);
  lsc_assign_head a;
  lsc_read(&r, &a, sizeof a);
  lsc_loop *loop = S->loop;
  if (r.short_read || a.instance != S->instance || a.start < 0 || a.size <= 0 || a.start > loop->n - a.size ||
      (loop->repro && !lsc_repro_whole_blocks(&loop->blocks, a.start, a.start + a.size)))
    lsc_fatal("rank %d: malformed ASSIGN message for its group", lsc_rt.rank);
  if (S->nheld == S->capacity) {
    lsc_group_chunk *grown = realloc(S->held, (size_t)(S->capacity * 2 + 4) * sizeof *grown);
    if (!grown)
      lsc_fatal("rank %d: out of memory for its group's chunks", lsc_rt.rank);
    S->held = grown;
    S->capacity = S->capacity * 2 + 4;
  }
  /* This rank's arrays hold every group chunk it holds at once, so an overlapping one (a copy or a part of a
   * chunk held here) would read what another wrote: rank 0's re-issue never hands one (sched/reissue.c,
   * lsc_reissue_holds_any); should it, the run stops rather than compute an in-place update twice. */
  for (int i = 0; i < S->nheld; i++)
    if (a.start < S->held[i].start + S->held[i].size && S->held[i].start < a.start + a.size)
      lsc_fatal("rank %d: internal error: group chunk [%lld, +%lld) overlaps [%lld, +%lld) held here",
                lsc_rt.rank, (long long)a.start, (long long)a.size, (long long)S->held[i].start,
                (long long)S->held[i].size);
  S->asked = 0;
  /* Inputs that would land on a RESULT still leaving: that RESULT first (no ASSIGN of rank 0 is pending). */
  if (lsc_chunk_inputs_touch(loop, a.start, a.start + a.size, &S->up_pieces)) {
    lsc_requests_wait(&S->up_reqs);
    S->up_pieces.count = 0;
  }
  /* Slices are hulls: the new chunk's inputs may cover outputs of the group chunks held here, which are
   * newer on this rank than on rank 0 until their RESULT goes (or, in a data region, than the copies rank
   * 0's directory knows of). They are kept aside, every array's (held ones too), and put back. */
  S->saved.len = 0;
  loop->held = NULL;
  for (int i = 0; i < S->nheld; i++)
    lsc_chunk_pack_outputs(loop, S->held[i].start, S->held[i].start + S->held[i].size, &S->saved, NULL);
  loop->held = S->region;
  /* A packed ASSIGN (rank 0's re-issue: a copy, or a group chunk handed ahead) has every span inside. The
   * data region's part follows: the bytes this rank lacks, from rank 0 or their holders (region.h). */
  if (lsc_chunk_unpack_inputs(loop, a.start, a.start + a.size, &r, a.packed ? NULL : &S->pieces) != 0 ||
      lsc_region_worker_inputs(loop, &r, 0) != 0)
    lsc_fatal("rank %d: malformed ASSIGN message for its group", lsc_rt.rank);
  if (!a.packed) {
    lsc_pieces_irecv(&S->pieces, 0, &S->recvs);
    lsc_requests_wait(&S->recvs);
  }
  lsc_reader kept = lsc_reader_of(S->saved.data, S->saved.len);
  loop->held = NULL;
  for (int i = 0; i < S->nheld; i++)
    if (lsc_chunk_unpack_outputs(loop, S->held[i].start, S->held[i].start + S->held[i].size, &kept, NULL) !=
        0)
      lsc_fatal("rank %d: internal error restoring its group's outputs", lsc_rt.rank);
  loop->held = S->region;
  lsc_group_chunk_open(&S->held[S->nheld], &a, &S->group, loop);
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
  member *mb = &members[index];
  int rank = mb->rank;
  if (r.short_read || h.instance != S->instance || h.start < 0 || h.size <= 0 ||
      h.start > S->loop->n - h.size || (h.blocks != 0) != S->loop->repro)
    lsc_fatal("rank %d: malformed RESULT message from rank %d of its group", lsc_rt.rank, rank);
  owed[rank]--;
  int64_t fresh = h.size;
  int first = 1;
  if (S->table) {
    inputs_in(S, mb); /* it had its inputs before it computed */
    if (h.chunk >= 0 && (first = lsc_reissue_result(S->table, h.chunk, h.start, h.size, &fresh)) < 0)
      lsc_fatal("rank %d: malformed RESULT message from rank %d of its group: piece %lld [%lld, +%lld) was "
                "never handed out",
                lsc_rt.rank, rank, (long long)h.chunk, (long long)h.start, (long long)h.size);
  } else if (h.chunk >= 0) {
    lsc_fatal("rank %d: malformed RESULT message from rank %d of its group", lsc_rt.rank, rank);
  }
  if (!first) { /* a copy's result after the first: nothing of it is applied */
    lsc_late_drain_spans(rank, h.in_place);
    S->dropped++;
  } else {
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
    lsc_region_group_record(S->loop, rank, h.start, h.start + h.size); /* its held outputs stay there */
    piece_done(S, index, h.copy != 0, h.start, h.start + h.size, &h.timing);
  }
  for (int64_t i = 0; i < h.request && i < 2; i++)
    answer(S, index);
}

/* A message of an ended instance from `rank` (a late member's): dropped, a RESULT with its large spans
 * received into scratch memory (exec/late_ranks.h). Returns whether it was one. */
static int drop_stale(int rank, int tag, const lsc_buffer *msg, int64_t current, int64_t *dropped) {
  int64_t before = *dropped;
  if (!lsc_late_message(rank, tag, msg, current, dropped))
    return 0;
  if (*dropped > before)
    owed[rank]--;
  return 1;
}

static void handle(sub *S, int from, int tag);

/* While this rank waits for bytes from a member (a pull: its own piece's inputs, or an ORDER of rank 0 for
 * bytes a member holds), it answers its members only. Rank 0's messages wait, to be taken in the order they
 * came as a flat worker takes them: an ASSIGN taken during an ORDER's pull overtook the ORDERs rank 0 sent
 * before it, and waited for bytes from a rank that waited for those ORDERs' bytes (region_jacobi at np 5). A
 * member's progress never waits for rank 0's messages to this rank, so the pull ends. */
static void serve_members(void *ctx) {
  sub *S = ctx;
  for (int got = 1; got;) {
    got = 0;
    for (int i = 1; i < nmembers; i++) {
      int from, tag;
      if (lsc_tp_poll(members[i].rank, &S->inbox, &from, &tag)) {
        handle(S, from, tag);
        got = 1;
      }
    }
  }
  release_deferred(S);
}

static void handle(sub *S, int from, int tag) {
  int index = from == 0 ? 0 : member_of(from);
  if (index > 0 && drop_stale(from, tag, &S->inbox, S->instance, &S->dropped))
    return;
  if (index > 0)
    members[index].heard = 1;
  if (from == 0 && tag == LSC_TAG_ASSIGN) {
    take_assign(S);
  } else if (from == 0 && tag == LSC_TAG_ORDER && S->region) {
    /* Bytes of the group another rank's chunk reads: pulled from the members holding them first. */
    lsc_region_serve_order(&S->inbox, serve_members, S);
  } else if (from == 0 && tag == LSC_TAG_END) {
    S->asked = 0;
    S->up_ended = 1;
    /* With re-issue nobody waits any more for a member's first piece: it may be stopped (alpha's first
     * round would otherwise hold the rest of a group chunk for it, and no copy can be made of what was never
     * handed out). */
    for (int i = 0; S->table && i < S->nheld; i++)
      lsc_group_chunk_end_first_round(&S->held[i]);
    release_deferred(S);
  } else if (index > 0 && tag == LSC_TAG_REQUEST) {
    lsc_reader r = lsc_reader_of(S->inbox.data, S->inbox.len);
    lsc_request_msg msg;
    lsc_read(&r, &msg, sizeof msg);
    if (!r.short_read && msg.instance == S->instance + 1 && S->table) {
      /* This rank is late: rank 0 ended this instance without it and the member, ended here with nothing
       * more for it, went on to the next loop. Its request waits for this rank's serve of that loop. */
      ahead[from] = msg.instance;
      return;
    }
    if (r.short_read || msg.instance != S->instance)
      lsc_fatal("rank %d: malformed REQUEST from rank %d of its group (instance %lld, serving %lld)",
                lsc_rt.rank, from, (long long)msg.instance, (long long)S->instance);
    answer(S, index);
  } else if (index > 0 && tag == LSC_TAG_RESULT) {
    take_result(S, index);
  } else {
    lsc_fatal("rank %d: unexpected message (tag %d) from rank %d while serving its group", lsc_rt.rank, tag,
              from);
  }
}

/* Once rank 0's END came, nothing more of this instance comes from rank 0, but with re-issue rank 0 may have
 * ended the instance without this rank (late) and sent the next loop's LOOP: that waits for the worker's
 * loop after this one, so only the members are listened to. (Without re-issue rank 0 waits for this rank's
 * FINAL before any next loop.) */
static int members_only(const sub *S) {
  return S->up_ended && S->table;
}

/* In a data region a holder's PEER bytes for a group chunk whose ASSIGN has not come yet may be waiting here,
 * unmatched: only rank 0 and the members are listened to then (their messages are this protocol's). */
static int poll_group(sub *S, int *from, int *tag) {
  if (!members_only(S) && !S->region)
    return lsc_tp_poll(MPI_ANY_SOURCE, &S->inbox, from, tag);
  if (!members_only(S) && lsc_tp_poll(0, &S->inbox, from, tag))
    return 1;
  for (int i = 1; i < nmembers; i++)
    if (lsc_tp_poll(members[i].rank, &S->inbox, from, tag))
      return 1;
  return 0;
}

/* The next message of the group (as poll_group): waits for it, or, members only (re-issue after END), at
 * most LSC_SUBMASTER_RECHECK, since a piece whose in-place spans arrive becomes a copy for this rank without
 * a message; 0 when none came by then. */
static int wait_group(sub *S, int *from, int *tag) {
  if (!members_only(S) && !S->region) {
    lsc_tp_recv(MPI_ANY_SOURCE, &S->inbox, from, tag, LSC_PAUSE_IN_LOOP);
    return 1;
  }
  /* No receive from some sources only in MPI: polls, with pauses short against the recheck, or growing to
   * the region's (a time step's next message comes within microseconds) */
  int recheck = members_only(S);
  double begin = lsc_now();
  double deadline = recheck ? begin + LSC_SUBMASTER_RECHECK : HUGE_VAL;
  double pause = recheck ? LSC_SUBMASTER_RECHECK / 20 : 2e-6;
  int got = 1;
  while (!poll_group(S, from, tag)) {
    if (lsc_now() >= deadline) {
      got = 0;
      break;
    }
    lsc_sleep(pause);
    if (!recheck)
      pause = pause * 2 < LSC_PAUSE_IN_REGION ? pause * 2 : LSC_PAUSE_IN_REGION;
  }
  lsc_tp_count_wait(lsc_now() - begin); /* this rank's wait_s, as lsc_tp_recv's wait above counts */
  return got;
}

static void serve_pending(void *ctx) {
  sub *S = ctx;
  int from, tag;
  while (poll_group(S, &from, &tag))
    handle(S, from, tag);
  release_deferred(S); /* a member's first piece may have ended a first round */
}

static int all_done(const sub *S) {
  if (!S->up_ended || S->nheld > 0)
    return 0;
  /* With re-issue every piece has its result now: a member still computing one, or not heard from (still in
   * an earlier instance), gets its END now (it answers the request it has or will have in flight) and is
   * late; its FINAL is not waited for (lsc_submaster_late). */
  for (int i = 1; i < nmembers; i++)
    if (!members[i].ended && !S->table)
      return 0;
  return 1;
}

/* Re-issue, nothing left for this rank: it claims a copy of a member's outstanding piece (counted as the
 * piece's result from now on: the member's own result will be dropped) and computes it in place. */
static int claim_copy(sub *S, int64_t *lo, int64_t *hi) {
  lsc_chunk c;
  int64_t fresh;
  int64_t id = pick_copy(S, 0, &c);
  if (id < 0)
    return 0;
  if (lsc_reissue_result(S->table, id, c.start, c.size, &fresh) != 1)
    lsc_fatal("rank %d: internal error: claimed piece [%lld, +%lld) of its group is done", lsc_rt.rank,
              (long long)c.start, (long long)c.size);
  *lo = c.start;
  *hi = c.start + c.size;
  S->stats->reissued++;
  return 1;
}

static void run_own(sub *S, int64_t lo, int64_t hi, int sample, int copy) {
  lsc_chunk_timing t;
  /* A fault test stops or kills this rank at a piece (rank 0 then copies its group chunk) as a flat worker's
   * hook does: with no RESULT of its half-sent, since a rank stopped inside a large send stalls its receiver
   * until it continues, grouped or flat (docs/runtime.md). */
  if (lsc_test_hook_faults())
    lsc_requests_wait(&S->up_reqs);
  lsc_test_hook_chunk(++S->own_pieces);
  lsc_region_group_own_inputs(S->loop, lo, hi, serve_members, S);
  lsc_run_chunk(S->loop, lo, hi, sample, serve_pending, S, &t);
  lsc_region_group_record(S->loop, lsc_rt.rank, lo, hi);
  if (S->loop->repro)
    store_partials(S, lsc_rt.rank, lo, hi, S->loop->block_first, S->loop->block_count,
                   S->loop->block_partials);
  S->stats->chunks++;
  S->stats->iterations += hi - lo;
  S->stats->busy += t.busy;
  S->stats->idle += t.idle;
  piece_done(S, 0, copy, lo, hi, &t);
  maybe_ask_ahead(S);
}

static void end_members(sub *S) {
  nlate = 0;
  for (int i = 1; i < nmembers; i++) {
    member *mb = &members[i];
    if (!mb->ended) {
      mb->ended = 1;
      send_member(S, mb, LSC_TAG_END, NULL);
    }
    if (S->table && (owed[mb->rank] > 0 || !mb->heard)) {
      late_list[nlate++] = mb->rank;
      keep_unfinished(mb);
    }
    lsc_tp_wait(&mb->send);
    lsc_requests_wait(&mb->spans);
  }
}

static void ensure_owed(void) {
  if (!owed && (!(owed = calloc((size_t)lsc_rt.size, sizeof *owed)) ||
                !(late_list = calloc((size_t)lsc_rt.size, sizeof *late_list)) ||
                !(ahead = calloc((size_t)lsc_rt.size, sizeof *ahead))))
    lsc_fatal("rank %d: out of memory for its group", lsc_rt.rank);
}

void lsc_submaster_serve(lsc_loop *loop, lsc_rank_stats *stats, int64_t instance) {
  double waited_before = lsc_tp_waited();
  sub S = {.loop = loop, .stats = stats, .instance = instance, .region = loop->held};
  if (S.region && copies > 1) /* rank 0 never asks: a held loop's chunks are not re-issued (region.h) */
    lsc_fatal("rank %d: internal error: re-issue inside its group for a loop over held arrays", lsc_rt.rank);
  lsc_region_group_loop(loop, instance);
  if (S.region)
    lsc_group_rows_begin(loop);
  int threaded = 0;
  ensure_owed();
  lsc_late_progress();
  if (copies > 1 && !(S.table = lsc_reissue_create(copies)))
    lsc_fatal("rank %d: out of memory for its group's re-issue table", lsc_rt.rank);
  S.weights = calloc((size_t)nmembers, sizeof *S.weights);
  S.cores = calloc((size_t)nmembers, sizeof *S.cores);
  S.threads = calloc((size_t)nmembers, sizeof *S.threads);
  if (!S.weights || !S.cores || !S.threads)
    lsc_fatal("rank %d: out of memory for its group", lsc_rt.rank);
  for (int i = 0; i < nmembers; i++) {
    S.weights[i] = members[i].weight;
    S.cores[i] = S.threads[i] = members[i].threads;
    threaded |= members[i].threads > 1;
  }
  if (!threaded) { /* cores NULL: one each, as rank 0 plans a flat loop */
    free(S.cores);
    S.cores = NULL;
  }
  S.group = (lsc_group){nmembers, S.weights, S.cores, S.threads, workload, weights_measured};
  ask_up(&S);
  /* The requests of members that went on to this loop while this rank, late, still served the last one */
  for (int i = 1; i < nmembers; i++) {
    int64_t *early = &ahead[members[i].rank];
    if (*early != 0 && *early != instance)
      lsc_fatal("rank %d: internal error: rank %d asked for instance %lld, this rank serves %lld",
                lsc_rt.rank, members[i].rank, (long long)*early, (long long)instance);
    if (*early == instance) {
      *early = 0;
      members[i].heard = 1;
      answer(&S, i);
    }
  }
  for (;;) {
    serve_pending(&S);
    if (all_done(&S))
      break;
    int64_t lo, hi;
    int sample = 0, copy = 0;
    if (next_piece(&S, 0, &lo, &hi, &sample) || (copy = claim_copy(&S, &lo, &hi))) {
      release_deferred(&S); /* this rank's first piece may have ended a first round */
      run_own(&S, lo, hi, sample, copy);
      continue;
    }
    int from, tag;
    /* With re-issue this rank, idle, asks rank 0 for more: a group chunk whose first round waits for a
     * stopped member would otherwise wait forever, and rank 0's END ends those waits. */
    if (S.table)
      ask_up(&S);
    if (!wait_group(&S, &from, &tag))
      continue;
    handle(&S, from, tag);
  }
  end_members(&S);
  lsc_requests_wait(&S.up_reqs);
  stats->dropped = S.dropped;
  stats->wait = lsc_tp_waited() - waited_before;
  lsc_reissue_free(S.table);
  free(S.weights);
  free(S.cores);
  free(S.threads);
  free(S.held);
  lsc_buffer_free(&S.inbox);
  lsc_buffer_free(&S.up_out);
  lsc_buffer_free(&S.saved);
  lsc_piece_list_free(&S.pieces);
  lsc_piece_list_free(&S.up_pieces);
  lsc_requests_free(&S.recvs);
  lsc_requests_free(&S.up_reqs);
  lsc_piece_list_free(&S.region_in_place);
  stats->group_bytes = lsc_region_group_loop_end();
  if (S.region)
    lsc_group_rows_end(loop);
  last_instance = instance;
}

int lsc_submaster_late(const int64_t **ranks) {
  *ranks = late_list;
  return nlate;
}

int lsc_submaster_owes(void) {
  for (int r = 1; owed && r < lsc_rt.size; r++)
    if (owed[r] > 0)
      return 1;
  return 0;
}

void lsc_submaster_drain(void) {
  static lsc_buffer inbox;
  int64_t dropped = 0;
  /* Only a late member's RESULTs of an ended instance: a REQUEST may be of the next instance, whose LOOP the
   * member may have taken already; a stale one is small and waits for the next group loop (drop_stale). */
  for (int r = 1; owed && r < lsc_rt.size; r++) {
    int from, tag;
    while (owed[r] > 0 && lsc_tp_recv_within(r, LSC_TAG_RESULT, &inbox, &from, &tag, 0, 0))
      if (!drop_stale(r, tag, &inbox, last_instance + 1, &dropped))
        lsc_fatal("rank %d: RESULT of rank %d of a group loop not ended", lsc_rt.rank, r);
  }
  lsc_late_progress();
}
