/* listing.c - prints chunk sequences: as a table (step, worker, start, size) or as one line of sizes. */
#include "listing.h"

#include <stdio.h>
#include <stdlib.h>

static void print_chunk(const plan_options *o, int64_t step, int64_t worker, const lsc_chunk *c) {
  if (o->format == FORMAT_SIZES)
    printf(step == 1 ? "%lld" : " %lld", (long long)c->size);
  else
    printf("%-6lld %-6lld %-12lld %lld\n", (long long)step, (long long)worker, (long long)c->start,
           (long long)c->size);
}

int plan_print_listing(const plan_options *o, lsc_planner *pl) {
  /* Rounds over the workers still in: 0, 1, ..., p-1, again; one told "no more" leaves for good. The order
   * keeps each pass's remaining workers in index order, so the listing is the same on every run. */
  int64_t *active = malloc((size_t)o->workers * sizeof *active);
  if (!active)
    return -1;
  int64_t count = o->workers, step = 0;
  for (int64_t k = 0; k < count; k++)
    active[k] = k;
  if (o->format != FORMAT_SIZES)
    printf("%-6s %-6s %-12s %s\n", "step", "worker", "start", "size");
  while (count > 0) {
    int64_t kept = 0;
    for (int64_t i = 0; i < count; i++) {
      lsc_chunk c;
      if (!lsc_planner_next(pl, active[i], &c))
        continue;
      print_chunk(o, ++step, active[i], &c);
      active[kept++] = active[i];
    }
    count = kept;
  }
  if (o->format == FORMAT_SIZES)
    putchar('\n');
  else
    printf("# %lld chunks\n", (long long)step);
  free(active);
  return 0;
}

void plan_print_records(const plan_options *o, const sim_result *r) {
  if (o->format == FORMAT_SIZES) {
    for (int64_t i = 0; i < r->record_count; i++)
      printf(i == 0 ? "%lld" : " %lld", (long long)r->records[i].size);
    putchar('\n');
    return;
  }
  printf("%-6s %-6s %-12s %-10s %-12s %s\n", "step", "worker", "start", "size", "begin", "end");
  for (int64_t i = 0; i < r->record_count; i++) {
    const sim_record *rec = &r->records[i];
    printf("%-6lld %-6lld %-12lld %-10lld %-12.6g %.6g%s\n", (long long)(i + 1), (long long)rec->worker,
           (long long)rec->start, (long long)rec->size, rec->begin, rec->end,
           rec->frozen ? "  (frozen: never ends)"
           : rec->copy ? "  (re-issued copy)"
                       : "");
  }
}
