/* machine.h - what a rank knows about the machine it runs on: the inputs of the clock and load weights. */
#ifndef LSC_CONFIG_MACHINE_H
#define LSC_CONFIG_MACHINE_H

#include "config/env.h"

typedef struct lsc_machine {
  double mhz;        /* mean "cpu MHz" of /proc/cpuinfo, 0 when unknown  */
  double load;       /* 1-minute load average of /proc/loadavg, -1 unknown */
  int cores;         /* online cores                                       */
  int ranks_on_node; /* ranks sharing this node (1 without MPI)            */
  long pid;          /* the process, and the host it runs on: rank 0 tells */
  char host[64];     /* a dead worker on its own host (exec/late_ranks.h)   */
} lsc_machine;

/* Reads /proc and sysconf; ranks_on_node is left at 1. */
void lsc_machine_probe(lsc_machine *m);
/* Pure parsers of the /proc texts, for the probe and the unit tests. */
double lsc_cpuinfo_mean_mhz(const char *cpuinfo_text);
double lsc_loadavg_one_minute(const char *loadavg_text);
/* The anonymous resident bytes of process `pid` (resident less shared, from /proc/PID/statm): what a
 * worker on rank 0's node follows while it waits (data/warm.h). -1 when unreadable. The parser is pure. */
long long lsc_machine_anon_bytes(long pid);
long long lsc_statm_anon_bytes(const char *statm_text, long page);

/* Relative power per rank for a static source (clock, load, equal, list); measured weights come from the
 * calibration. Fills weights[0..ranks). Returns the source actually used: clock and load fall back to equal
 * when a rank's clock is unknown. A LIST must have exactly `ranks` values (checked when the config is read).
 */
lsc_weight_source lsc_static_weights(const lsc_weights_spec *spec, const lsc_machine *machines, int ranks,
                                     double *weights);

#endif
