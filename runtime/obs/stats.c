/* stats.c - the LSC_STATS table (stats.h): the loop's header, the weights line, the reproducible line when
 * that mode is on, then a row per rank (a late rank's from its results that counted, and says so) and the
 * imbalance over the ranks that are not late, and the re-issue line after it; formatting only,
 * the callers measure. */
#include "obs/stats.h"

#include "obs/summary.h"

double lsc_stats_imbalance(const lsc_rank_stats *ranks, int nranks) {
  double max = 0, sum = 0;
  int count = 0;
  for (int r = 0; r < nranks; r++) {
    if (!ranks[r].executes || ranks[r].late)
      continue;
    double load = ranks[r].busy + ranks[r].idle;
    max = load > max ? load : max;
    sum += load;
    count++;
  }
  return count == 0 || sum <= 0 ? 0.0 : (max / (sum / count) - 1.0) * 100.0;
}

void lsc_stats_print(FILE *out, const lsc_loop_report *r, const lsc_rank_stats *ranks, int nranks) {
  fprintf(out, "lsc: loop %s:%d n=%lld ranks=%d schedule=%s alpha=%d threads=%d:%s master=%s wall=%.6fs\n",
          r->file ? r->file : "?", r->line, (long long)r->n, nranks, r->schedule, r->alpha, r->threads,
          r->inner, r->master_participates ? "computes" : "serves", r->wall);
  fprintf(out, "lsc: weights=%s", r->weights_source);
  if (r->weights) {
    fputs(" (", out);
    for (int i = 0; i < nranks; i++)
      fprintf(out, "%s%.3g", i ? "," : "", r->weights[i]);
    fputc(')', out);
  }
  if (r->swr >= 0)
    fprintf(out, " swr=%.3f", r->swr);
  fputc('\n', out);
  if (r->reproducible)
    fprintf(out, "lsc: reproducible %s\n", r->reproducible);
  fprintf(out, "lsc: %5s %8s %12s %10s %10s %10s\n", "rank", "chunks", "iterations", "busy_s", "idle_s",
          "wait_s");
  for (int i = 0; i < nranks; i++)
    fprintf(out, "lsc: %5d %8lld %12lld %10.6f %10.6f %10.6f%s\n", i, (long long)ranks[i].chunks,
            (long long)ranks[i].iterations, ranks[i].busy, ranks[i].idle, ranks[i].wait,
            ranks[i].late ? "  late: a re-issued copy finished its last chunk; its results that counted"
                          : "");
  fprintf(out, "lsc: imbalance %.1f%%\n", lsc_stats_imbalance(ranks, nranks));
  if (r->master_why)
    fprintf(out, "lsc: rank 0 %s\n", r->master_why);
  if (r->bytes_counted && r->in_region && r->grouped)
    fprintf(out,
            "lsc: bytes rank0->workers=%lld workers->rank0=%lld worker->worker=%lld inside groups=%lld (data "
            "region)\n",
            (long long)r->bytes_out, (long long)r->bytes_back, (long long)r->bytes_peer,
            (long long)r->bytes_group);
  else if (r->bytes_counted && r->in_region)
    fprintf(out, "lsc: bytes rank0->workers=%lld workers->rank0=%lld worker->worker=%lld (data region)\n",
            (long long)r->bytes_out, (long long)r->bytes_back, (long long)r->bytes_peer);
  else if (r->bytes_counted)
    fprintf(out, "lsc: bytes rank0->workers=%lld workers->rank0=%lld\n", (long long)r->bytes_out,
            (long long)r->bytes_back);
  fflush(out);
}

void lsc_stats_reissue(lsc_stats_mode mode, const char *source, int64_t reissued, int64_t dropped) {
  if (mode != LSC_STATS_EACH)
    return;
  fprintf(stderr, "lsc: re-issue: %lld chunks re-issued, %lld results dropped (%s)\n", (long long)reissued,
          (long long)dropped, source);
  fflush(stderr);
}

void lsc_stats_report(lsc_stats_mode mode, const lsc_loop_report *r, const lsc_rank_stats *ranks,
                      int nranks) {
  if (mode == LSC_STATS_EACH)
    lsc_stats_print(stderr, r, ranks, nranks);
  else if (mode == LSC_STATS_SUMMARY)
    lsc_summary_add(r, ranks, nranks);
}
