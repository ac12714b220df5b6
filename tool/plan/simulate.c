/* simulate.c - the master/worker run in virtual time: workers ask when they finish, the earliest first (ties
 * by worker index), the master answers at once, the chunk starts `latency` seconds after the request. A
 * finished chunk's time reaches the planner (lsc_planner_feedback) when its worker asks again, as a result
 * reaches the runtime's master with the next request: never before its virtual end. */
#include "simulate.h"

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

int sim_run(const plan_options *o, lsc_planner *pl, int keep_records, sim_result *r) {
  int64_t p = o->workers;
  memset(r, 0, sizeof *r);
  r->busy = calloc((size_t)p, sizeof *r->busy);
  r->finish = calloc((size_t)p, sizeof *r->finish);
  r->chunk_count = calloc((size_t)p, sizeof *r->chunk_count);
  ready_event *heap = malloc((size_t)p * sizeof *heap);
  if (!r->busy || !r->finish || !r->chunk_count || !heap) {
    free(heap);
    return -1;
  }
  int64_t waiting = 0;
  double total_speed = 0.0;
  for (int64_t k = 0; k < p; k++) {
    heap_push(heap, &waiting, (ready_event){.time = 0.0, .worker = k});
    total_speed += o->speeds ? o->speeds[k] : 1.0;
  }
  while (waiting > 0) {
    ready_event e = heap_pop(heap, &waiting);
    if (e.done.size > 0)
      lsc_planner_feedback(pl, e.worker, &e.done, e.done_seconds);
    lsc_chunk c;
    if (!lsc_planner_next(pl, e.worker, &c))
      continue; /* told "no more": this worker leaves */
    double speed = o->speeds ? o->speeds[e.worker] : 1.0;
    double work = sim_chunk_cost(&o->workload, c.start, c.size);
    double begin = e.time + o->latency, end = begin + work / speed;
    r->busy[e.worker] += work / speed;
    r->finish[e.worker] = end;
    r->chunk_count[e.worker]++;
    r->chunks++;
    r->total_work += work;
    if (end > r->makespan)
      r->makespan = end;
    if (keep_records && keep_record(r, (sim_record){e.worker, c.start, c.size, begin, end}) != 0) {
      free(heap);
      return -1;
    }
    heap_push(heap, &waiting,
              (ready_event){.time = end, .worker = e.worker, .done = c, .done_seconds = work / speed});
  }
  free(heap);
  r->ideal = r->total_work / total_speed;
  return 0;
}

void sim_result_free(sim_result *r) {
  free(r->busy);
  free(r->finish);
  free(r->chunk_count);
  free(r->records);
  memset(r, 0, sizeof *r);
}
