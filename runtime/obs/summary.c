/* summary.c - the LSC_STATS=1 table (summary.h). Each site keeps sums, never a list of instances, so a long
 * run costs no more memory than a short one: instances, wall time, chunks, the imbalance figures weighted by
 * wall time (the share of time the slowest rank made the others wait, as the per-instance table computes
 * it), the first schedule and whether another one followed, the instances that ran on rank 0 alone with up
 * to MAX_REASONS distinct reasons, and the bytes moved when the data path counts them. */
#include "obs/summary.h"

#include <stdlib.h>
#include <string.h>

#define MAX_REASONS 4
#define SITE_WIDTH_MIN 4

typedef struct reason {
  char text[160];
  int64_t count;
} reason;

typedef struct site_row {
  char file[256];
  int line;
  int64_t instances, chunks, local, local_other; /* local_other: instances whose reason did not fit */
  double wall, imbalance_time;                   /* imbalance_time: sum of imbalance * wall, distributed */
  double distributed_wall;
  int64_t distributed;
  char schedule[64];
  int varied;
  int bytes_counted; /* every distributed instance reported its bytes */
  int64_t bytes;
  reason reasons[MAX_REASONS];
  int nreasons;
  struct site_row *next;
} site_row;

static site_row *first, **tail = &first;

static site_row *row_of(const char *file, int line) {
  for (site_row *s = first; s; s = s->next)
    if (s->line == line && strcmp(s->file, file) == 0)
      return s;
  site_row *s = calloc(1, sizeof *s);
  if (!s)
    return NULL; /* the statistics only: a missing row must not stop the program */
  snprintf(s->file, sizeof s->file, "%s", file);
  s->line = line;
  s->bytes_counted = 1;
  *tail = s;
  tail = &s->next;
  return s;
}

/* "none (arrays overlap: 'a' and 'b')" as the per-instance table words it: the part in parentheses. */
static void add_reason(site_row *s, const char *why) {
  char text[160];
  size_t len = strlen(why);
  if (strncmp(why, "none (", 6) == 0 && len > 7 && why[len - 1] == ')')
    snprintf(text, sizeof text, "%.*s", (int)(len - 7), why + 6);
  else
    snprintf(text, sizeof text, "%s", why);
  for (int i = 0; i < s->nreasons; i++)
    if (strcmp(s->reasons[i].text, text) == 0) {
      s->reasons[i].count++;
      return;
    }
  if (s->nreasons == MAX_REASONS) {
    s->local_other++;
    return;
  }
  snprintf(s->reasons[s->nreasons].text, sizeof s->reasons[0].text, "%s", text);
  s->reasons[s->nreasons++].count = 1;
}

void lsc_summary_add(const lsc_loop_report *r, const lsc_rank_stats *ranks, int nranks) {
  site_row *s = row_of(r->file ? r->file : "?", r->line);
  if (!s)
    return;
  s->instances++;
  s->wall += r->wall;
  for (int i = 0; i < nranks; i++)
    s->chunks += ranks[i].chunks;
  if (r->local_why) {
    s->local++;
    add_reason(s, r->local_why);
    return;
  }
  if (s->distributed++ == 0)
    snprintf(s->schedule, sizeof s->schedule, "%s", r->schedule);
  else if (strcmp(s->schedule, r->schedule) != 0)
    s->varied = 1;
  s->imbalance_time += lsc_stats_imbalance(ranks, nranks) * r->wall;
  s->distributed_wall += r->wall;
  s->bytes_counted = s->bytes_counted && r->bytes_counted;
  s->bytes += r->bytes_moved;
}

static void site_name(const site_row *s, char *out, size_t len) {
  snprintf(out, len, "%s:%d", s->file, s->line);
}

void lsc_summary_print(FILE *out, int nranks) {
  int sites = 0, width = SITE_WIDTH_MIN;
  char name[300];
  for (const site_row *s = first; s; s = s->next) {
    site_name(s, name, sizeof name);
    width = (int)strlen(name) > width ? (int)strlen(name) : width;
    sites++;
  }
  if (sites == 0) {
    fprintf(out, "lsc: summary: no parallel loop ran\n");
    fflush(out);
    return;
  }
  fprintf(out, "lsc: summary of %d loop site%s on %d rank%s (LSC_STATS=each: a table per instance)\n", sites,
          sites == 1 ? "" : "s", nranks, nranks == 1 ? "" : "s");
  fprintf(out, "lsc: %-*s %9s %12s %12s %9s %9s %-18s %8s %12s\n", width, "site", "instances", "total_s",
          "mean_s", "imbalance", "chunks", "schedule", "rank0", "moved_bytes");
  for (const site_row *s = first; s; s = s->next) {
    char imbalance[16] = "-", schedule[80] = "local", bytes[24] = "-";
    if (s->distributed > 0) {
      double mean = s->distributed_wall > 0 ? s->imbalance_time / s->distributed_wall : 0.0;
      snprintf(imbalance, sizeof imbalance, "%.1f%%", mean);
      snprintf(schedule, sizeof schedule, "%s%s", s->schedule, s->varied ? " (varied)" : "");
      /* The data path's byte counters reach lsc_loop_report.bytes_moved; unless every distributed instance
       * counted them, the column says "-" rather than a number nobody measured. */
      if (s->bytes_counted)
        snprintf(bytes, sizeof bytes, "%lld", (long long)s->bytes);
    }
    site_name(s, name, sizeof name);
    fprintf(out, "lsc: %-*s %9lld %12.6f %12.6f %9s %9lld %-18s %8lld %12s\n", width, name,
            (long long)s->instances, s->wall, s->wall / (double)s->instances, imbalance, (long long)s->chunks,
            schedule, (long long)s->local, bytes);
  }
  for (const site_row *s = first; s; s = s->next) {
    if (s->local == 0)
      continue;
    site_name(s, name, sizeof name);
    fprintf(out, "lsc: %s: %lld of %lld instance%s ran on rank 0 alone:", name, (long long)s->local,
            (long long)s->instances, s->instances == 1 ? "" : "s");
    for (int i = 0; i < s->nreasons; i++)
      fprintf(out, "%s %lld: %s", i ? ";" : "", (long long)s->reasons[i].count, s->reasons[i].text);
    if (s->local_other)
      fprintf(out, "; %lld: other reasons", (long long)s->local_other);
    fputc('\n', out);
  }
  fflush(out);
}

void lsc_summary_reset(void) {
  while (first) {
    site_row *next = first->next;
    free(first);
    first = next;
  }
  tail = &first;
}
