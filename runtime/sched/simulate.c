/* simulate.c - the master/worker run in virtual time (lsc_sim.h), shared by lsc-plan's --simulate and the
 * runtime's schedule(auto): workers ask when they finish, the earliest first (ties
 * by worker index). The master answers one request at a time, taking `service` seconds for each (0: at once),
 * so requests that arrive together queue; the chunk starts `latency` seconds after the answer. A finished
 * chunk's time reaches the planner (lsc_planner_feedback) when its worker asks again, as a result reaches the
 * runtime's master with the next request: never before its virtual end.
 * Failures and re-issue: a worker frozen at time T (freeze_at) never finishes a chunk it holds at T and asks
 * no more. Re-issue follows the runtime's master (exec/master.c, reissue_master.c) through the same pure
 * table: before new work, an overdue chunk gives the asker a split part (or a whole copy); when the planner
 * has nothing left, the asker gets a split part of the outstanding chunk with the largest rest
 * (sched/reissue_split.c), else a whole copy of the oldest one. A chunk's expected time is its worker's pace
 * so far (its compute seconds over its iterations), as rank 0 measures it. An iteration counts when its first
 * result is applied (a whole result after some parts brings the rest), and the loop ends with the last one:
 * that is the makespan. Copies and parts send no feedback to the planner (it counted the chunk once). The
 * simulated master claims no parts itself (the runtime's rank 0 does when it computes).
 * Data regions: with `held`, a chunk's data costs the master send_per_unit per unit its worker does not hold
 * and held_send_per_unit per unit it does (a binary search for the chunk's first range, then the ranges it
 * spans: O(log ranges) per chunk plus the ranges, which chunks do not share). With held_affinity, a scheme
 * that does not place by worker keeps its sizes but its chunks come from lsc_affinity_next, the runtime's
 * own rule (exec/region_affinity.c), on queues built from `held`. The placement is the one at the start of
 * the instance: a chunk's move does not change who holds what within the simulated run (no unit runs twice
 * but for re-issue's copies, which are charged the same way). */
#include "lsc_sim.h"

#include "lsc_affinity.h"
#include "sched_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct ready_event {
  double time;
  int64_t worker;
  lsc_chunk done;      /* the chunk it just finished; size 0 at the start */
  int64_t done_id;     /* its id in the re-issue table                    */
  double done_seconds; /* its compute time                                */
  int done_copy;       /* it was a re-issued copy or part: no feedback to the planner */
} ready_event;

static int earlier(const ready_event *a, const ready_event *b) {
  return a->time < b->time || (a->time == b->time && a->worker < b->worker);
}

/* A binary min-heap of the workers waiting to ask, keyed by the time they become ready. */
static void heap_push(ready_event *heap, int64_t *count, ready_event e) {
  int64_t i = (*count)++;
  while (i > 0 && earlier(&e, &heap[(i - 1) / 2])) {
    heap[i] = heap[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  heap[i] = e;
}

static ready_event heap_pop(ready_event *heap, int64_t *count) {
  ready_event top = heap[0], last = heap[--*count];
  int64_t i = 0;
  for (;;) {
    int64_t child = 2 * i + 1;
    if (child >= *count)
      break;
    if (child + 1 < *count && earlier(&heap[child + 1], &heap[child]))
      child++;
    if (!earlier(&heap[child], &last))
      break;
    heap[i] = heap[child];
    i = child;
  }
  heap[i] = last;
  return top;
}

static int keep_record(lsc_sim_result *r, lsc_sim_record rec) {
  if (r->record_count == r->record_cap) {
    int64_t cap = r->record_cap ? 2 * r->record_cap : 1024;
    lsc_sim_record *grown = realloc(r->records, (size_t)cap * sizeof *grown);
    if (!grown)
      return -1;
    r->records = grown;
    r->record_cap = cap;
  }
  r->records[r->record_count++] = rec;
  return 0;
}

/* A copy or part for worker w (the runtime's lsc_reissue_overdue_copy / lsc_reissue_copy): a split part
 * first, else a whole copy; overdue_only restricts both to overdue chunks. -1: none, -2: out of memory. */
static int64_t copy_for(lsc_reissue_table *t, int64_t w, int64_t workers, double now, double pace,
                        int overdue_only, lsc_chunk *c) {
  lsc_reissue_ask ask = {.worker = (int)w,
                         .overdue_only = overdue_only,
                         .sharers = (int)workers,
                         .min = 1,
                         .unit = 1,
                         .now = now,
                         .pace = pace};
  int64_t id = lsc_reissue_split_pick(t, &ask, c);
  if (id != -1)
    return id;
  return overdue_only ? lsc_reissue_pick_overdue(t, (int)w, now, c) : lsc_reissue_pick(t, (int)w, c);
}

/* Units of [start, start + size) that worker w holds (lsc_sim_cluster.held). */
static int64_t held_by(const lsc_sim_cluster *o, int64_t w, int64_t start, int64_t size) {
  int64_t lo = 0, hi = o->held_count, end = start + size, mine = 0;
  while (lo < hi) { /* the first range that ends after start */
    int64_t mid = lo + (hi - lo) / 2;
    if (o->held[mid].hi <= start)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (int64_t i = lo; i < o->held_count && o->held[i].lo < end; i++)
    if (o->held[i].worker == w) {
      int64_t a = o->held[i].lo > start ? o->held[i].lo : start,
              z = o->held[i].hi < end ? o->held[i].hi : end;
      mine += z > a ? z - a : 0;
    }
  return mine;
}

/* The master's seconds to send chunk [start, start + size) to worker w. */
static double send_time(const lsc_sim_cluster *o, int64_t w, int64_t start, int64_t size) {
  if (!o->held)
    return (double)size * o->send_per_unit;
  int64_t mine = held_by(o, w, start, size);
  return (double)(size - mine) * o->send_per_unit + (double)mine * o->held_send_per_unit;
}

/* The queues of placement by affinity from the held ranges, clipped to the planner's units; NULL when it
 * does not apply (no placement, not asked, a scheme that places by worker). *failed on out of memory. */
static lsc_affinity *affinity_of(const lsc_sim_cluster *o, const lsc_planner *pl, int *failed) {
  *failed = 0;
  if (!o->held || !o->held_affinity || lsc_scheme_places_by_worker(pl->schedule.scheme) ||
      pl->iterations <= 0)
    return NULL;
  lsc_affinity *a = lsc_affinity_new();
  int status = a ? lsc_affinity_start(a, o->workers) : -1;
  int64_t at = 0, n = pl->iterations; /* units before, between and after the ranges: held by none */
  for (int64_t i = 0; status == 0 && i < o->held_count && at < n; i++) {
    int64_t lo = o->held[i].lo < at ? at : o->held[i].lo > n ? n : o->held[i].lo;
    int64_t hi = o->held[i].hi < lo ? lo : o->held[i].hi > n ? n : o->held[i].hi;
    status = lsc_affinity_add(a, -1, at, lo);
    if (status == 0)
      status = lsc_affinity_add(a, o->held[i].worker, lo, hi);
    at = hi;
  }
  if (status == 0)
    status = lsc_affinity_add(a, -1, at, n);
  if (status == 0)
    status = lsc_affinity_finish(a, pl->iterations);
  if (status != 0) {
    lsc_affinity_free(a);
    *failed = 1;
    return NULL;
  }
  return a;
}

/* The planner's next chunk, or by affinity its size where the worker's data is (exec/region_affinity.c's
 * lsc_region_next: the planner is asked even when it has nothing left, size 0 then). */
static int next_chunk(lsc_planner *pl, lsc_affinity *affinity, int64_t worker, lsc_chunk *c) {
  if (!affinity)
    return lsc_planner_next(pl, worker, c);
  lsc_chunk planned;
  int more = lsc_planner_next(pl, worker, &planned) && planned.size > 0;
  return lsc_affinity_next(affinity, worker, more ? planned.size : 0, c);
}

/* The factor a chunk of `units` units' time reaches the planner with (lsc_sim_cluster's feedback_noise). */
static double feedback_factor(const lsc_sim_cluster *o, uint64_t *state, int64_t units) {
  if (o->feedback_noise <= 0)
    return 1.0;
  double pieces = o->noise_units > 0 ? (double)units / (double)o->noise_units : (double)units;
  double sigma = o->feedback_noise / sqrt(pieces > 1 ? pieces : 1);
  double z = lsc_draw_normal(state);
  return exp(sigma * z - sigma * sigma / 2);
}

/* Re-issue's bookkeeping is the runtime's own table (lsc_reissue_*): a result is applied when its worker
 * asks again, at the chunk's end, and events come in time order, so the table knows at each request what is
 * done by then. */
int lsc_sim_run(const lsc_sim_cluster *o, lsc_planner *pl, int keep_records, lsc_sim_result *r) {
  int64_t p = o->workers;
  memset(r, 0, sizeof *r);
  r->busy = calloc((size_t)p, sizeof *r->busy);
  r->finish = calloc((size_t)p, sizeof *r->finish);
  r->chunk_count = calloc((size_t)p, sizeof *r->chunk_count);
  ready_event *heap = malloc((size_t)p * sizeof *heap);
  int64_t *done_iterations = calloc((size_t)p, sizeof *done_iterations); /* per worker, for its pace */
  double *done_seconds = calloc((size_t)p, sizeof *done_seconds);
  lsc_reissue_table *table = lsc_reissue_create(o->reissue > 0 ? o->reissue : 1);
  int status = -1, failed;
  lsc_affinity *affinity = affinity_of(o, pl, &failed);
  if (!r->busy || !r->finish || !r->chunk_count || !heap || !done_iterations || !done_seconds || !table ||
      failed)
    goto out;
  int64_t waiting = 0;
  double total_speed = 0.0, master_free = 0.0, last_applied = 0.0;
  uint64_t noise = 0; /* feedback_factor's sequence: the same for every run */
  for (int64_t k = 0; k < p; k++) {
    heap_push(heap, &waiting, (ready_event){.time = 0.0, .worker = k, .done_id = -1});
    if (!o->freeze_at || isinf(o->freeze_at[k]))
      total_speed += o->speeds ? o->speeds[k] : 1.0;
  }
  while (waiting > 0) {
    ready_event e = heap_pop(heap, &waiting);
    if (e.done.size > 0) {
      int64_t fresh = 0;
      if (lsc_reissue_result(table, e.done_id, e.done.start, e.done.size, &fresh) == 1) {
        last_applied = e.time;
        if (e.done_copy)
          r->reissue_wins++;
      } else {
        r->reissue_losses++; /* its iterations were all applied by other copies: this result is dropped */
      }
      done_iterations[e.worker] += e.done.size;
      done_seconds[e.worker] += e.done_seconds;
    }
    if (e.done.size > 0 && !e.done_copy)
      lsc_planner_feedback(pl, e.worker, &e.done, e.done_seconds * feedback_factor(o, &noise, e.done.size));
    /* the master answers in order of arrival, one request per `service` seconds */
    double answered = (e.time > master_free ? e.time : master_free) + o->service;
    master_free = answered;
    if (o->max_chunks > 0 && r->chunks >= o->max_chunks) {
      r->truncated = 1;
      break;
    }
    lsc_chunk c;
    int64_t id = -1;
    int copy = 0;
    double pace = o->reissue > 1 ? lsc_reissue_median_pace(done_iterations, done_seconds, (int)p) : -1;
    if (o->reissue > 1 && (id = copy_for(table, e.worker, p, answered, pace, 1, &c)) >= 0) {
      copy = 1;
    } else if (id == -2) {
      goto out;
    } else if (next_chunk(pl, affinity, e.worker, &c)) {
      int64_t ahead = 0; /* the simulated worker holds one chunk at a time */
      if ((id = lsc_reissue_handed(table, c.start, c.size, (int)e.worker)) < 0)
        goto out;
      double own =
          done_iterations[e.worker] > 0 ? done_seconds[e.worker] / (double)done_iterations[e.worker] : -1;
      lsc_reissue_paced(table, id, answered, own > 0 ? own * (double)c.size : -1.0, ahead);
    } else if (o->reissue > 1 && (id = copy_for(table, e.worker, p, answered, pace, 0, &c)) >= 0) {
      copy = 1;
    } else if (id == -2) {
      goto out;
    } else {
      continue; /* nothing left, nothing to copy: this worker leaves */
    }
    if (copy)
      r->reissued++;
    double speed = o->speeds ? o->speeds[e.worker] : 1.0;
    double work = o->cost(o->cost_ctx, c.start, c.size);
    /* the chunk's data leaves with it: the master is busy for that too, before the next answer */
    double sent = answered + send_time(o, e.worker, c.start, c.size);
    master_free = sent;
    double begin = sent + o->latency, took = work / speed;
    if (o->duration)
      took = o->duration(o->duration_ctx, e.worker, begin, took);
    double end = begin + took;
    double frozen = o->freeze_at ? o->freeze_at[e.worker] : INFINITY;
    int stops = end > frozen;
    if (stops)
      end = INFINITY;
    double stop = stops ? frozen : end;
    r->busy[e.worker] += stop > begin ? stop - begin : 0.0;
    if (!stops)
      r->finish[e.worker] = end;
    r->chunk_count[e.worker]++;
    r->chunks++;
    if (!copy)
      r->total_work += work;
    if (keep_records &&
        keep_record(r, (lsc_sim_record){e.worker, c.start, c.size, begin, stop, copy, stops}) != 0)
      goto out;
    if (!stops) /* a frozen worker asks no more */
      heap_push(heap, &waiting,
                (ready_event){.time = end,
                              .worker = e.worker,
                              .done = c,
                              .done_id = id,
                              .done_seconds = took,
                              .done_copy = copy});
  }
  r->makespan = r->truncated || lsc_reissue_outstanding(table) > 0 ? INFINITY : last_applied;
  r->ideal = total_speed > 0 ? r->total_work / total_speed : INFINITY;
  status = 0;
out:
  free(heap);
  free(done_iterations);
  free(done_seconds);
  lsc_reissue_free(table);
  lsc_affinity_free(affinity);
  return status;
}

void lsc_sim_result_free(lsc_sim_result *r) {
  free(r->busy);
  free(r->finish);
  free(r->chunk_count);
  free(r->records);
  memset(r, 0, sizeof *r);
}
