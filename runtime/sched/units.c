/* units.c - a schedule and a workload restated over units of several iterations (lsc_sched.h). The planner
 * itself knows nothing of units: the runtime plans N units with these parameters and multiplies back, so
 * every scheme keeps its rules and only the granularity changes. */
#include "sched_internal.h"

static int64_t in_units(int64_t count, int64_t unit) {
  return count > 0 ? lsc_div_ceil(count, unit) : count; /* 0 keeps meaning "the scheme's default" */
}

void lsc_schedule_in_units(lsc_schedule *s, int64_t unit) {
  if (unit <= 1)
    return;
  s->chunk = in_units(s->chunk, unit);
  s->first = in_units(s->first, unit);
  s->last = in_units(s->last, unit);
}

void lsc_workload_in_units(lsc_workload *w, int64_t unit) {
  if (unit <= 1 || (w->kind != LSC_WORKLOAD_INCREASING && w->kind != LSC_WORKLOAD_DECREASING))
    return;
  /* Unit j holds iterations j*unit + t, t in [0, unit): their mean cost is b + h*(unit-1)/2 + j*(h*unit) (for
   * decreasing, counted from the end), the same linear form with new b and h. */
  w->b += w->h * (double)(unit - 1) / 2.0;
  w->h *= (double)unit;
}
