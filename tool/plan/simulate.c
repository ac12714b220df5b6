/* simulate.c - the master/worker run in virtual time: workers ask when they finish, the earliest first (ties
 * by worker index). The master answers one request at a time, taking --service seconds for each (0: at once),
 * so requests that arrive together queue; the chunk starts `latency` seconds after the answer. A finished
 * chunk's time reaches the planner (lsc_planner_feedback) when its worker asks again, as a result reaches the
 * runtime's master with the next request: never before its virtual end.
 * Failures and re-issue: a worker frozen at time T (--freeze) never finishes a chunk it holds at T and asks
 * no more. With --reissue, a worker that asks when the planner has nothing left gets a copy of the oldest
 * chunk still outstanding (not finished, fewer copies than allowed, not its own); a chunk is done when its
 * first copy ends, and the loop when every chunk is: that is the makespan. Copies send no feedback to the
 * planner (it counted the chunk once). */
#include "simulate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct ready_event {
  double time;
  int64_t worker;
  lsc_chunk done;      /* the chunk it just finished; size 0 at the start */
  double done_seconds; /* its compute time                                */
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

static int keep_record(sim_result *r, sim_record rec) {
  if (r->record_count == r->record_cap) {
    int64_t cap = r->record_cap ? 2 * r->record_cap : 1024;
    sim_record *grown = realloc(r->records, (size_t)cap * sizeof *grown);
    if (!grown)
      return -1;
    r->records = grown;
    r->record_cap = cap;
  }
  r->records[r->record_count++] = rec;
  return 0;
}

/* One chunk handed out, for re-issue and the makespan. */
typedef struct handed_chunk {
  lsc_chunk chunk;
  double first_end; /* the earliest end among its copies; INFINITY while every copy is frozen */
  int copies;
} handed_chunk;

/* The oldest chunk worth a copy at `now`, or -1: not done, with fewer copies than allowed. (The asking worker
 * holds none of it: its own copies ended by now, which would have made the chunk done.) `from` skips the
 * chunks at the front that are done. */
static int64_t reissue_candidate(const handed_chunk *h, int64_t count, int64_t *from, double now,
                                 int max_copies) {
  while (*from < count && h[*from].first_end <= now)
    (*from)++;
  for (int64_t i = *from; i < count; i++)
    if (h[i].first_end > now && h[i].copies < max_copies)
      return i;
  return -1;
}

static int grow(void **items, int64_t *cap, int64_t need, size_t size) {
  if (need <= *cap)
    return 0;
  int64_t cap2 = *cap ? 2 * *cap : 1024;
  void *grown = realloc(*items, (size_t)cap2 * size);
  if (!grown)
    return -1;
  *items = grown;
  *cap = cap2;
  return 0;
}

int sim_run(const plan_options *o, lsc_planner *pl, int keep_records, sim_result *r) {
  int64_t p = o->workers;
  memset(r, 0, sizeof *r);
  r->busy = calloc((size_t)p, sizeof *r->busy);
  r->finish = calloc((size_t)p, sizeof *r->finish);
  r->chunk_count = calloc((size_t)p, sizeof *r->chunk_count);
  ready_event *heap = malloc((size_t)p * sizeof *heap);
  handed_chunk *handed = NULL;
  int64_t handed_count = 0, handed_cap = 0, oldest = 0;
  int status = -1;
  if (!r->busy || !r->finish || !r->chunk_count || !heap)
    goto out;
  int64_t waiting = 0;
  double total_speed = 0.0, master_free = 0.0;
  for (int64_t k = 0; k < p; k++) {
    heap_push(heap, &waiting, (ready_event){.time = 0.0, .worker = k});
    if (!o->sim.freeze_at || isinf(o->sim.freeze_at[k]))
      total_speed += o->speeds ? o->speeds[k] : 1.0;
  }
  while (waiting > 0) {
    ready_event e = heap_pop(heap, &waiting);
    if (e.done.size > 0)
      lsc_planner_feedback(pl, e.worker, &e.done, e.done_seconds);
    /* the master answers in order of arrival, one request per `service` seconds */
    double answered = (e.time > master_free ? e.time : master_free) + o->sim.service;
    master_free = answered;
    lsc_chunk c;
    int64_t copy_of = -1;
    if (!lsc_planner_next(pl, e.worker, &c)) {
      if (o->sim.reissue < 2)
        continue; /* told "no more": this worker leaves */
      copy_of = reissue_candidate(handed, handed_count, &oldest, e.time, o->sim.reissue);
      if (copy_of < 0)
        continue;
      c = handed[copy_of].chunk;
      r->reissued++;
    }
    double speed = o->speeds ? o->speeds[e.worker] : 1.0;
    double work = sim_chunk_cost(&o->workload, c.start, c.size);
    double begin = answered + o->latency, end = begin + work / speed;
    double frozen = o->sim.freeze_at ? o->sim.freeze_at[e.worker] : INFINITY;
    int stops = end > frozen;
    if (stops)
      end = INFINITY;
    double stop = stops ? frozen : end;
    r->busy[e.worker] += stop > begin ? stop - begin : 0.0;
    if (!stops)
      r->finish[e.worker] = end;
    r->chunk_count[e.worker]++;
    r->chunks++;
    if (copy_of < 0) {
      r->total_work += work;
      if (grow((void **)&handed, &handed_cap, handed_count + 1, sizeof *handed) != 0)
        goto out;
      handed[handed_count++] = (handed_chunk){c, end, 1};
    } else {
      handed_chunk *h = &handed[copy_of];
      h->copies++;
      if (end < h->first_end) {
        h->first_end = end;
        r->reissue_wins++;
      }
    }
    if (keep_records &&
        keep_record(r, (sim_record){e.worker, c.start, c.size, begin, stop, copy_of >= 0, stops}) != 0)
      goto out;
    if (!stops) /* a frozen worker asks no more */
      heap_push(heap, &waiting,
                (ready_event){.time = end,
                              .worker = e.worker,
                              .done = copy_of < 0 ? c : (lsc_chunk){0},
                              .done_seconds = work / speed});
  }
  for (int64_t i = 0; i < handed_count; i++)
    if (handed[i].first_end > r->makespan)
      r->makespan = handed[i].first_end;
  r->ideal = total_speed > 0 ? r->total_work / total_speed : INFINITY;
  status = 0;
out:
  free(heap);
  free(handed);
  return status;
}

void sim_result_free(sim_result *r) {
  free(r->busy);
  free(r->finish);
  free(r->chunk_count);
  free(r->records);
  memset(r, 0, sizeof *r);
}
