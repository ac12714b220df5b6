/* clock.h - monotonic seconds. CLOCK_MONOTONIC is shared by every process of a host, so times taken on
 * different ranks of one machine line up in the trace without any synchronisation. */
#ifndef LSC_OBS_CLOCK_H
#define LSC_OBS_CLOCK_H

double lsc_now(void);
/* Sleeps without using the CPU; returns at once for seconds <= 0. */
void lsc_sleep(double seconds);

#endif
