/* submaster_groups.c - rank 0's side of hierarchical masters (exec/submaster.h): whether a loop instance
 * groups, which ranks form each group, and the group seen as one planner worker. Groups are consecutive in
 * rank order within a key (the host name, or rank / N), so the grouping is the same for every loop and
 * needs no message of its own: LOOP tells each rank its boss. A sub-master's planner power is the sum of
 * its group's (weight times threads), as the cores of one node are in the flat hierarchical mode. */
#include "exec/master.h"
#include "exec/region.h"
#include "exec/submaster.h"
#include "fatal.h"
#include "state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Loop sites already told why they run flat: the note is once per site, not once per instance. */
#define NOTED_SITES 64
static const lsc_site *noted[NOTED_SITES];
static int nnoted;

static void note_flat(const lsc_master *m, const char *why) {
  for (int i = 0; i < nnoted; i++)
    if (noted[i] == m->loop.site)
      return;
  if (nnoted < NOTED_SITES)
    noted[nnoted++] = m->loop.site;
  fprintf(stderr, "lsc: %s:%d: LSC_SUBMASTERS: this loop runs with rank 0 as its only master: %s\n",
          m->loop.site->file, m->loop.site->line, why);
  fflush(stderr);
}

/* Why the instance cannot group (NULL when it can). A data region's loop groups unless the user asks for
 * flat: across the 3 namespace hosts the grouped path (exec/region_group.c) measured as fast as flat or
 * faster (docs/results.md, "Data regions across the levels"; scripts/bench-cluster-regions.py), and flat
 * stays as the way to compare or to step around a suspected grouping problem. */
static const char *flat_reason(void) {
  if (lsc_region_loop_held() && lsc_rt.config.submaster_regions_flat)
    return "the loop holds arrays in a data region and LSC_SUBMASTER_REGIONS=flat";
  return NULL;
}

static int same_group(int mode, int a, int b) {
  if (mode == LSC_SUBMASTERS_HOST)
    return strcmp(lsc_rt.machines[a].host, lsc_rt.machines[b].host) == 0;
  return a / mode == b / mode;
}

static void *alloc_or_die(const lsc_master *m, size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size);
  if (!p)
    lsc_fatal("out of memory grouping the ranks of loop %s:%d", m->loop.site->file, m->loop.site->line);
  return p;
}

void lsc_groups_setup(lsc_master *m) {
  int mode = lsc_rt.config.submasters;
  if (mode == 0 || m->size < 3)
    return;
  const char *why = flat_reason();
  if (why) {
    note_flat(m, why);
    return;
  }
  int *boss = alloc_or_die(m, (size_t)m->size, sizeof *boss);
  int members = 0;
  for (int r = 1; r < m->size; r++) {
    int leader = 0;
    while (!same_group(mode, leader, r))
      leader++;
    /* Rank 0's own group asks rank 0 directly, as does a group's leader (for its whole group). */
    boss[r] = leader == 0 || leader == r ? 0 : leader;
    members += boss[r] != 0;
  }
  if (members == 0) {
    free(boss);
    note_flat(m, "no group of two or more ranks besides rank 0's");
    return;
  }
  m->boss = boss;
  m->index_of = alloc_or_die(m, (size_t)m->size, sizeof *m->index_of);
  m->rank_of = alloc_or_die(m, (size_t)m->size, sizeof *m->rank_of);
  m->executing = 0;
  for (int r = 0; r < m->size; r++) {
    m->index_of[r] = -1;
    if ((r == 0 && m->participates) || (r > 0 && m->boss[r] == 0)) {
      m->index_of[r] = m->executing;
      m->rank_of[m->executing++] = r;
    }
  }
  m->rank_weight = alloc_or_die(m, (size_t)m->size, sizeof *m->rank_weight);
  lsc_static_weights(&m->settings.weights, lsc_rt.machines, m->size, m->rank_weight);
}

/* Which ranks serve groups, and the weight per core rank 0 plans each worker with (a group's: its members'
 * weights times their threads over its cores), so a user can see how a host's share is sized. */
static void print_groups(const lsc_master *m) {
  fprintf(stderr, "lsc: %s:%d: sub-masters:", m->loop.site->file, m->loop.site->line);
  for (int i = 0; i < m->executing; i++) {
    int lead = m->rank_of[i], ranks = 0;
    for (int r = 1; r < m->size; r++)
      ranks += lead > 0 && (r == lead || m->boss[r] == lead);
    if (ranks > 1)
      fprintf(stderr, " rank %d serves %d ranks;", lead, ranks);
  }
  fprintf(stderr, " rank 0 plans for %d workers, weight per core:", m->executing);
  for (int i = 0; i < m->executing; i++)
    fprintf(stderr, "%s rank %d%s %.3g on %lld core%s", i ? "," : "", m->rank_of[i],
            m->cores[i] > m->threads[m->rank_of[i]] ? "'s group" : "", m->weights[i], (long long)m->cores[i],
            m->cores[i] == 1 ? "" : "s");
  fprintf(stderr, " (%s)\n", m->weights_source);
  fflush(stderr);
}

void lsc_groups_weights(lsc_master *m) {
  if (!m->boss)
    return;
  /* lsc_master_static_weights weighed the first `executing` ranks; the groups need every rank's weight. */
  lsc_weight_source used = lsc_static_weights(&m->settings.weights, lsc_rt.machines, m->size, m->rank_weight);
  /* Measured weights of an earlier instance with these groups are the groups' own rates per core (a sample
   * comes back so, exec/submaster_chunk.c): lsc_master_static_weights put them in place, and they stay. */
  const lsc_site_state *st = m->loop.state;
  int calibrated = m->settings.weights.source == LSC_WEIGHTS_MEASURED && st->measured &&
                   st->measured_ranks == m->executing;
  if (!calibrated)
    m->weights_source =
        used == m->settings.weights.source ? lsc_weight_source_name(used) : "clock unknown: equal";
  free(m->cores);
  m->cores = alloc_or_die(m, (size_t)m->executing, sizeof *m->cores);
  for (int i = 0; i < m->executing; i++) {
    int lead = m->rank_of[i];
    double power = 0;
    int64_t cores = 0;
    for (int r = 0; r < m->size; r++)
      if (r == lead || (r > 0 && m->boss[r] == lead && lead > 0)) {
        power += m->rank_weight[r] * m->threads[r];
        cores += m->threads[r];
      }
    m->cores[i] = cores;
    if (!calibrated)
      m->weights[i] = power / (double)cores;
  }
  if (lsc_rt.config.stats == LSC_STATS_EACH)
    print_groups(m);
}

void lsc_groups_loop_head(const lsc_master *m, lsc_loop_head *head) {
  head->grouped = m->boss != NULL;
  head->workload = m->settings.workload;
  head->weights_measured = m->settings.weights.source == LSC_WEIGHTS_MEASURED;
  head->reissue = m->boss && m->reissue ? m->settings.reissue : 0;
}

void lsc_groups_worker_time(const lsc_master *m, int i, int64_t *iterations, double *seconds) {
  int lead = lsc_groups_worker_rank(m, i);
  *iterations = 0;
  *seconds = 0.0;
  /* A group's speed per core: its ranks' iterations over their summed time (each ran its own pieces). */
  for (int r = 0; r < m->size; r++)
    if (r == lead || (m->boss && r > 0 && lead > 0 && m->boss[r] == lead)) {
      *iterations += m->stats[r].iterations;
      *seconds += m->stats[r].busy + m->stats[r].idle;
    }
}

void lsc_groups_rank_setting(const lsc_master *m, int rank, lsc_rank_setting *s) {
  s->boss = m->boss ? m->boss[rank] : 0;
  s->weight = m->rank_weight ? m->rank_weight[rank] : 1.0;
}

int lsc_groups_worker_index(const lsc_master *m, int rank) {
  if (!m->index_of)
    return rank - m->first;
  if (m->index_of[rank] < 0)
    lsc_fatal("internal error: rank %d asked rank 0 for a chunk; its sub-master is rank %d", rank,
              m->boss[rank]);
  return m->index_of[rank];
}

int lsc_groups_worker_rank(const lsc_master *m, int i) {
  return m->rank_of ? m->rank_of[i] : m->first + i;
}

int lsc_groups_holder_worker(const lsc_master *m, int rank) {
  if (rank < 0 || rank >= m->size)
    return -1;
  return m->index_of ? m->index_of[rank] : rank - m->first;
}

double lsc_groups_rank_weight(const lsc_master *m, int rank) {
  if (m->rank_weight)
    return rank > 0 || m->participates ? m->rank_weight[rank] : 0.0;
  return rank >= m->first ? m->weights[rank - m->first] : 0.0;
}

void lsc_groups_release(lsc_master *m) {
  free(m->index_of);
  free(m->rank_of);
  free(m->boss);
  free(m->rank_weight);
  m->index_of = m->rank_of = m->boss = NULL;
  m->rank_weight = NULL;
}
