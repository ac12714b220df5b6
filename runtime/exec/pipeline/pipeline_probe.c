#include "exec/pipeline/pipeline_probe.h"

#include "obs/clock.h"
#include "transport/transport.h"

void lsc_probe_recv(int source, lsc_buffer *buf, int *from, int *tag) {
  double start = lsc_now();
  /* The clock is read every 64 polls only: it costs as much as a poll. */
  for (unsigned polls = 1;; polls++) {
    if (lsc_tp_poll(source, buf, from, tag))
      return;
    if (polls % 64 == 0 && lsc_now() - start > LSC_PROBE_SPIN_SECONDS)
      break;
  }
  lsc_tp_recv(source, buf, from, tag, LSC_PAUSE_IN_LOOP);
}
