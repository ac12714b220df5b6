/* memory.c - what a loop site keeps between instances for the schemes that learn (AWF, AF) or keep affinity
 * (static_steal). One allocation per change of worker count, none per chunk: the planner copies the rates in
 * when it starts and writes each feedback through (planner.c, adaptive.c), so the memory is current even
 * when an instance ends early. */
#include <stdlib.h>
#include <string.h>

#include "sched_internal.h"

lsc_sched_memory *lsc_sched_memory_new(void) {
  return calloc(1, sizeof(lsc_sched_memory));
}

static void release_arrays(lsc_sched_memory *m) {
  free(m->rates);
  free(m->ran);
  free(m->held);
  m->rates = NULL;
  m->ran = m->held = NULL;
  m->workers = 0;
}

void lsc_sched_memory_free(lsc_sched_memory *m) {
  if (!m)
    return;
  release_arrays(m);
  free(m);
}

int64_t lsc_sched_memory_instances(const lsc_sched_memory *m) {
  return m ? m->instances : 0;
}

int lsc_memory_attach(lsc_planner *pl, lsc_sched_memory *m) {
  if (!m)
    return 0;
  int64_t p = pl->workers;
  if (m->workers != p) {
    /* What was learned about another set of workers says nothing about these: start afresh. */
    release_arrays(m);
    m->rates = calloc((size_t)p, sizeof *m->rates);
    m->ran = calloc((size_t)p, sizeof *m->ran);
    m->held = calloc((size_t)p, sizeof *m->held);
    if (!m->rates || !m->ran || !m->held) {
      release_arrays(m);
      return -1;
    }
    m->workers = p;
    m->instances = 0;
  } else {
    /* The instance that ran last becomes "previous"; an instance that ran nothing leaves it as it was. */
    int64_t total = 0;
    for (int64_t k = 0; k < p; k++)
      total += m->ran[k];
    if (total > 0) {
      memcpy(m->held, m->ran, (size_t)p * sizeof *m->held);
      memset(m->ran, 0, (size_t)p * sizeof *m->ran);
    }
  }
  memcpy(pl->rate, m->rates, (size_t)p * sizeof *pl->rate);
  pl->memory = m;
  m->instances++;
  return 0;
}
