/* pipeline_probe.h - the receive of sync(auto)'s ping-pong. The transport's waits yield the core and then
 * sleep, which is right for an idle rank but makes a round trip on a busy node cost a scheduler time slice:
 * the probe measured 1.2 ms for a message that costs microseconds. The probe spins instead, for a bounded
 * time, so it measures the message. */
#ifndef LSC_EXEC_PIPELINE_PROBE_H
#define LSC_EXEC_PIPELINE_PROBE_H

#include "data/buffer.h"

/* Spins on lsc_tp_poll for up to LSC_PROBE_SPIN_SECONDS, then waits as lsc_tp_recv does. */
#define LSC_PROBE_SPIN_SECONDS 5e-3
void lsc_probe_recv(int source, lsc_buffer *buf, int *from, int *tag);

#endif
