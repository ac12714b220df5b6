/* svg.c - a Gantt chart of a simulated run: one lane per worker, one bar per chunk, time to the right. */
#include <math.h>
#include <stdio.h>

#include "simulate.h"

#define CHART_WIDTH 1000.0
#define LANE_HEIGHT 18.0
#define LABEL_WIDTH 90.0
#define MAX_LANES 2000  /* beyond this a chart is unreadable; the first lanes are drawn */
#define MAX_BARS 200000 /* and a file beyond this many bars is too big for a browser     */

int sim_write_gantt(FILE *f, const plan_options *o, const sim_result *r) {
  int64_t lanes = o->workers < MAX_LANES ? o->workers : MAX_LANES;
  double height = 40.0 + LANE_HEIGHT * (double)lanes + 50.0;
  /* the axis spans the makespan, or the last end drawn when a frozen worker makes the makespan infinite */
  double span = r->makespan;
  if (isinf(span)) {
    span = 0.0;
    for (int64_t i = 0; i < r->record_count; i++)
      span = r->records[i].end > span ? r->records[i].end : span;
  }
  double scale = span > 0 ? CHART_WIDTH / span : 0.0;
  char scheme[64];
  lsc_schedule_format(&o->schedule, scheme, sizeof scheme);
  fprintf(
      f,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" "
      "font-size=\"12\">\n",
      LABEL_WIDTH + CHART_WIDTH + 20.0, height);
  fprintf(f,
          "<text x=\"10\" y=\"20\">%s, alpha %d: %lld iterations on %lld workers, makespan %.6g (ideal "
          "%.6g)</text>\n",
          scheme, o->alpha, (long long)o->iterations, (long long)o->workers, r->makespan, r->ideal);
  for (int64_t k = 0; k < lanes; k++)
    fprintf(f, "<text x=\"10\" y=\"%.1f\">worker %lld</text>\n", 40.0 + LANE_HEIGHT * ((double)k + 0.75),
            (long long)k);
  /* a time axis under the lanes, five ticks from 0 to the makespan */
  double axis_y = 40.0 + LANE_HEIGHT * (double)lanes + 4.0;
  fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n", LABEL_WIDTH,
          axis_y, LABEL_WIDTH + CHART_WIDTH, axis_y);
  for (int tick = 0; tick <= 4; tick++)
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.4g</text>\n",
            LABEL_WIDTH + CHART_WIDTH * tick / 4.0, axis_y + 14.0, span * tick / 4.0);
  int64_t bars = 0;
  for (int64_t i = 0; i < r->record_count && bars < MAX_BARS; i++) {
    const sim_record *rec = &r->records[i];
    if (rec->worker >= lanes)
      continue;
    /* two shades by hand-out order, so a lane's consecutive chunks stay apart; re-issued copies orange, a
     * chunk cut short by a frozen worker grey */
    const char *fill = rec->frozen ? "#b0b0b0" : rec->copy ? "#e8963c" : i % 2 == 0 ? "#4a7ebb" : "#9cc3e6";
    fprintf(
        f,
        "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\" stroke=\"#1f3f66\" "
        "stroke-width=\"0.3\"><title>chunk %lld: [%lld, %lld) on worker %lld, %.6g to %.6g</title></rect>\n",
        LABEL_WIDTH + rec->begin * scale, 40.0 + LANE_HEIGHT * (double)rec->worker + 2.0,
        (rec->end - rec->begin) * scale, LANE_HEIGHT - 4.0, fill, (long long)(i + 1), (long long)rec->start,
        (long long)(rec->start + rec->size), (long long)rec->worker, rec->begin, rec->end);
    bars++;
  }
  if (bars < r->record_count || lanes < o->workers)
    fprintf(f, "<text x=\"10\" y=\"%.1f\">drawn: %lld of %lld chunks, %lld of %lld workers</text>\n",
            height - 10.0, (long long)bars, (long long)r->record_count, (long long)lanes,
            (long long)o->workers);
  fputs("</svg>\n", f);
  return ferror(f) ? -1 : 0;
}
