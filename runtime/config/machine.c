#include "config/machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

double lsc_cpuinfo_mean_mhz(const char *text) {
  double sum = 0;
  int count = 0;
  for (const char *line = text; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
    double mhz;
    if (strncmp(line, "cpu MHz", 7) == 0) {
      const char *colon = strchr(line, ':');
      if (colon && sscanf(colon + 1, "%lf", &mhz) == 1 && mhz > 0) {
        sum += mhz;
        count++;
      }
    }
  }
  return count ? sum / count : 0.0;
}

double lsc_loadavg_one_minute(const char *text) {
  double load;
  return sscanf(text, "%lf", &load) == 1 && load >= 0 ? load : -1.0;
}

/* The first `cap - 1` bytes of a /proc file as a string; /proc files report size 0, so read until EOF. */
static char *slurp(const char *path, size_t cap) {
  FILE *f = fopen(path, "r");
  if (!f)
    return NULL;
  char *text = malloc(cap);
  if (text) {
    size_t n = fread(text, 1, cap - 1, f);
    text[n] = '\0';
  }
  fclose(f);
  return text;
}

long long lsc_statm_anon_bytes(const char *text, long page) {
  long long size, resident, shared;
  if (!text || page <= 0 || sscanf(text, "%lld %lld %lld", &size, &resident, &shared) != 3 ||
      resident < shared || shared < 0)
    return -1;
  return (resident - shared) * (long long)page;
}

long long lsc_machine_anon_bytes(long pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%ld/statm", pid);
  char *text = pid > 0 ? slurp(path, 256) : NULL;
  long long bytes = lsc_statm_anon_bytes(text, sysconf(_SC_PAGESIZE));
  free(text);
  return bytes;
}

void lsc_machine_probe(lsc_machine *m) {
  *m = (lsc_machine){0.0, -1.0, 1, 1, (long)getpid(), ""};
  if (gethostname(m->host, sizeof m->host - 1) != 0)
    m->host[0] = '\0';
  char *text = slurp("/proc/cpuinfo", 1 << 20);
  if (text)
    m->mhz = lsc_cpuinfo_mean_mhz(text);
  free(text);
  text = slurp("/proc/loadavg", 256);
  if (text)
    m->load = lsc_loadavg_one_minute(text);
  free(text);
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  m->cores = cores > 0 ? (int)cores : 1;
}

lsc_weight_source lsc_static_weights(const lsc_weights_spec *spec, const lsc_machine *machines, int ranks,
                                     double *weights) {
  lsc_weight_source source = spec->source;
  for (int r = 0; r < ranks; r++) {
    const lsc_machine *m = &machines[r];
    if ((source == LSC_WEIGHTS_CLOCK || source == LSC_WEIGHTS_LOAD) && m->mhz <= 0)
      source = LSC_WEIGHTS_EQUAL;
    if (source == LSC_WEIGHTS_LIST && r >= spec->count)
      source = LSC_WEIGHTS_EQUAL;
  }
  for (int r = 0; r < ranks; r++) {
    const lsc_machine *m = &machines[r];
    switch (source) {
    case LSC_WEIGHTS_CLOCK: /* weight by CPU clock ([chang-alpha], 3.2) */
      weights[r] = m->mhz;
      break;
    case LSC_WEIGHTS_LOAD: /* PF_i = CS_i / CL_i with CL the run queue per core, at least 1 ([wu-hybrid], eq.
                            * 3)
                            */
      weights[r] = m->mhz / (1.0 + (m->load > 0 ? m->load / m->cores : 0.0));
      break;
    case LSC_WEIGHTS_LIST:
      weights[r] = spec->values[r];
      break;
    default:
      weights[r] = 1.0;
    }
  }
  return source;
}
