/* region_wait.c - how ranks wait inside a data region (region.h): polls, then sleeps no longer than
 * LSC_PAUSE_IN_REGION. A loop instance of a time-stepped region is a few milliseconds of work whose halo
 * moves by a chain of messages (ORDER to the holder, PEER bytes back, each of them a rendezvous needing both
 * ranks to poll); with the transport's pauses of up to 1-4 ms on each side, every link of that chain cost a
 * pause (measured on jacobi_2d, np 2: a 16 KB halo row took 0.6-5 ms to reach rank 0, the worker woke 3 ms
 * after its LOOP). A waiting rank in a region wakes every few tens of microseconds instead: a few percent of
 * a core, only while arrays are held. */
#include "exec/region.h"

#include "exec/chunk_data_io.h"
#include "fatal.h"
#include "obs/clock.h"
#include "transport/transport.h"

#include <sched.h>

void lsc_region_wait(lsc_request_list *reqs, lsc_between_fn serve, void *ctx) {
  double begin = 0, pause = 0;
  for (unsigned polls = 0; reqs->count > 0; polls++) {
    if (lsc_requests_done(reqs, -1))
      break;
    if (serve)
      serve(ctx);
    if (polls == 0)
      begin = lsc_now();
    if (pause == 0 && lsc_now() - begin < lsc_tp_spin_seconds(LSC_PAUSE_IN_REGION)) {
      if (lsc_tp_oversubscribed())
        sched_yield(); /* a peer sharing this core gets to answer */
      continue;
    }
    pause = pause == 0 ? 2e-6 : pause * 2 < LSC_PAUSE_IN_REGION ? pause * 2 : LSC_PAUSE_IN_REGION;
    lsc_sleep(pause);
  }
  reqs->count = 0;
}

double lsc_region_pause(double otherwise) {
  return lsc_region_any() ? LSC_PAUSE_IN_REGION : otherwise;
}
