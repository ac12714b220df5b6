/* ahead.c - when rank 0 answers a worker's request-ahead (pure; the plumbing is in exec/master.c).
 *
 * A worker asks for its next chunk when it starts the current one, so the answer travels while it computes.
 * Answered at once, the chunk is sized when the request arrives, not when the worker becomes free as the
 * scheme's formula says: a worker 3x slower then holds a second chunk for the whole of its first, and at the
 * end of the loop the fast ranks wait for work they could have done (bench-plan measured gss/fss 50% over
 * the scheme's own makespan at np 2 with LSC_SLOWDOWN=1,3, all of it this). So an ahead request is answered
 * `lead` seconds before the work the worker holds is expected to end, at its own measured rate (its results
 * of this instance, else of the site's last instance: seconds, busy plus idle, over iterations). Without a
 * rate at all (a site's first instance, before the worker's first result) it waits for the worker's next
 * RESULT: one round trip once per worker. The lead adapts: a worker that still waited for a chunk handed
 * ahead, or for an ahead answer kept past its RESULT, gets answered earlier next time (a master preempted on
 * a loaded node wakes late).
 */
#include "lsc_sched.h"

double lsc_ahead_due(double started, int64_t held, double seconds, int64_t iterations, double lead) {
  if (held <= 0)
    return started; /* holds nothing: answer now */
  if (iterations <= 0 || seconds < 0)
    return -1.0; /* no rate yet: at its next RESULT */
  return started + (double)held * seconds / (double)iterations - lead;
}

double lsc_ahead_next_lead(double lead, double waited) {
  if (waited <= LSC_AHEAD_SLACK)
    return lead;
  double next = 2.0 * (lead > waited ? lead : waited);
  return next < LSC_AHEAD_MAX_LEAD ? next : LSC_AHEAD_MAX_LEAD;
}
