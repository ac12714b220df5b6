/* A data region's placement in the simulation and in chunk placement by affinity, with hand-computed charges.
 * lsc_affinity (the runtime's own rule, exec/region_affinity.c): the asker's own queue first, then the pool,
 * then half of the most loaded queue when it has at least 1/8 of a share left, the rest of its own queue
 * whole once the scheme has nothing left, one holder of every unit split in even blocks. lsc_sim_run with
 * `held`: a unit held by the chunk's worker costs held_send_per_unit, the others send_per_unit (static on
 * block, swapped, halo and partly held placements); with held_affinity a dynamic scheme's chunks come from
 * the asker's own units, without it in hand-out order. lsc_auto_rank: a placement by block turns the ranking
 * of a loop whose data outweighs nothing else around (static from last to first). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lsc_affinity.h"
#include "lsc_sim.h"
#include "sched_check.h"

static double uniform_cost(void *ctx, int64_t start, int64_t size) {
  (void)ctx;
  (void)start;
  return (double)size;
}

static int chunk_is(const lsc_chunk *c, int64_t start, int64_t size) {
  return c->start == start && c->size == size;
}

/* Two workers: worker 0 holds [0, split), worker 1 [split, n). */
static void held_two(lsc_affinity *a, int64_t split, int64_t n) {
  CHECK_EQ_INT(lsc_affinity_start(a, 2), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 0, 0, split), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 1, split, n), 0);
  CHECK_EQ_INT(lsc_affinity_finish(a, n), 0);
}

/* Two workers, 8 units: worker 0 holds [0, 6), worker 1 [6, 8). */
static void test_affinity_own_then_steal(void) {
  lsc_affinity *a = lsc_affinity_new();
  CHECK(a != NULL);
  held_two(a, 6, 8);
  lsc_chunk c;
  CHECK(lsc_affinity_next(a, 1, 2, &c) && chunk_is(&c, 6, 2)); /* its own */
  /* own and pool empty: worker 0 has 6 left (share 4, 6 x 8 >= 4), half of it = 3 > the scheme's 2 */
  CHECK(lsc_affinity_next(a, 1, 2, &c) && chunk_is(&c, 3, 3));
  CHECK(lsc_affinity_next(a, 0, 0, &c) && chunk_is(&c, 0, 3)); /* the scheme is done: the rest whole */
  CHECK(!lsc_affinity_next(a, 1, 2, &c));
  lsc_affinity_free(a);
}

/* The steal threshold: 160 units on 2 workers (share 80). 10 left x 8 = 80 >= 80: stolen; 9 x 8 < 80: not,
 * so the chunk that would leave 9 of worker 0's own units takes them too (nobody could steal them). */
static void test_affinity_steal_threshold(void) {
  lsc_affinity *a = lsc_affinity_new();
  lsc_chunk c;
  for (int64_t left = 10; left >= 9; left--) {
    held_two(a, 150, 160);
    CHECK(lsc_affinity_next(a, 1, 10, &c) && chunk_is(&c, 150, 10));
    CHECK(lsc_affinity_next(a, 0, 150 - left, &c) && chunk_is(&c, 0, left == 10 ? 140 : 150));
    int stole = lsc_affinity_next(a, 1, 1, &c);
    CHECK_EQ_INT(stole, left == 10);
    if (stole)
      CHECK(chunk_is(&c, 145, 5));
  }
  /* With rates, a steal needs twice that (part x 2 x 8 >= share) and a unit computing longer than its data
   * moves: 150 units of worker 0 in chunks of 100 leave 50, stealable at 1 s a unit against 0.5 s to move,
   * and never at 0.5 s against 2 s, where worker 0's first chunk takes its 150 whole. */
  double rates[2] = {1.0, 1.0};
  held_two(a, 150, 160);
  CHECK_EQ_INT(lsc_affinity_rates(a, rates, 0.5), 0);
  CHECK(lsc_affinity_next(a, 0, 100, &c) && chunk_is(&c, 0, 100));
  double fast[2] = {0.5, 0.5};
  held_two(a, 150, 160);
  CHECK_EQ_INT(lsc_affinity_rates(a, fast, 2.0), 0);
  CHECK(lsc_affinity_next(a, 0, 100, &c) && chunk_is(&c, 0, 150));
  lsc_affinity_free(a);
}

/* One holder of everything is split in even blocks; units nobody computing holds go to the pool first. */
static void test_affinity_split_and_pool(void) {
  lsc_affinity *a = lsc_affinity_new();
  lsc_chunk c;
  CHECK_EQ_INT(lsc_affinity_start(a, 2), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 0, 0, 10), 0);
  CHECK_EQ_INT(lsc_affinity_finish(a, 10), 0);
  CHECK(lsc_affinity_next(a, 1, 100, &c) && chunk_is(&c, 5, 5));
  CHECK_EQ_INT(lsc_affinity_start(a, 2), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, -1, 0, 4), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 0, 4, 8), 0);
  CHECK_EQ_INT(lsc_affinity_finish(a, 8), 0);
  CHECK(lsc_affinity_next(a, 1, 2, &c) && chunk_is(&c, 0, 2));
  lsc_affinity_free(a);
  CHECK(lsc_scheme_places_by_worker(LSC_SCHEME_STATIC) &&
        lsc_scheme_places_by_worker(LSC_SCHEME_STATIC_STEAL));
  CHECK(!lsc_scheme_places_by_worker(LSC_SCHEME_GSS) && !lsc_scheme_places_by_worker(LSC_SCHEME_AF));
}

/* The layout by shares: 1000 units held 500/500, worker 1 three times slower, so shares 3/4 and 1/4: blocks
 * [0, 750) and [750, 1000). 250 units lie outside their block (25% > 5%): both queues become their blocks. */
static void test_affinity_balance(void) {
  lsc_affinity *a = lsc_affinity_new();
  lsc_chunk c;
  double share[2] = {0.75, 0.25};
  held_two(a, 500, 1000);
  CHECK_EQ_INT(lsc_affinity_balance(a, share, 0.05), 250);
  CHECK(lsc_affinity_next(a, 1, 1000, &c) && chunk_is(&c, 750, 250)); /* all of its block */
  CHECK(lsc_affinity_next(a, 0, 1000, &c) && chunk_is(&c, 0, 750));
  /* Close enough: 770/230 has 20 units (2%) outside the blocks, kept as held; 800/200 has 50 (5%), kept;
   * 810/190 has 60 (6%), laid out anew */
  int64_t splits[3] = {770, 800, 810}, moved[3] = {0, 0, 60};
  for (int i = 0; i < 3; i++) {
    held_two(a, splits[i], 1000);
    CHECK_EQ_INT(lsc_affinity_balance(a, share, 0.05), moved[i]);
    CHECK(lsc_affinity_next(a, 1, 1000, &c) &&
          chunk_is(&c, moved[i] ? 750 : splits[i], moved[i] ? 250 : 1000 - splits[i]));
  }
  /* With no slack, any unit outside its block moves: 770/230 */
  held_two(a, 770, 1000);
  CHECK_EQ_INT(lsc_affinity_balance(a, share, 0.0), 20);
  CHECK(lsc_affinity_next(a, 1, 1000, &c) && chunk_is(&c, 750, 250));
  /* Loops that drifted apart agree again: ranges held in pieces by both (a steal's leftovers) */
  CHECK_EQ_INT(lsc_affinity_start(a, 2), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 0, 0, 400), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 1, 400, 700), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 0, 700, 900), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 1, 900, 1000), 0);
  CHECK_EQ_INT(lsc_affinity_finish(a, 1000), 0);
  /* outside: worker 0's [750, 900), worker 1's [400, 700) */
  CHECK_EQ_INT(lsc_affinity_balance(a, share, 0.05), 450);
  CHECK(lsc_affinity_next(a, 0, 1000, &c) && chunk_is(&c, 0, 750));
  /* Three workers in blocks of 300, shares 1/2, 1/4, 1/4 of 900: blocks [0, 450), [450, 675), [675, 900);
   * the pool's units (held by a rank that does not compute) always count as outside */
  double three[3] = {0.5, 0.25, 0.25};
  CHECK_EQ_INT(lsc_affinity_start(a, 3), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 0, 0, 300), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 1, 300, 600), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 2, 600, 880), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 3, 880, 900), 0);
  CHECK_EQ_INT(lsc_affinity_finish(a, 900), 0);
  /* outside: worker 1's [300, 450), worker 2's [600, 675), the pool's 20 */
  CHECK_EQ_INT(lsc_affinity_balance(a, three, 0.05), 150 + 75 + 20);
  CHECK(lsc_affinity_next(a, 1, 1000, &c) && chunk_is(&c, 450, 225));
  CHECK(lsc_affinity_next(a, 2, 1000, &c) && chunk_is(&c, 675, 225));
  CHECK(lsc_affinity_next(a, 0, 1000, &c) && chunk_is(&c, 0, 450));
  CHECK(!lsc_affinity_next(a, 0, 1000, &c));
  lsc_affinity_free(a);
}

/* The change between two layouts: 1/2 1/2 to 3/4 1/4 moves the units of [1/2, 3/4), a quarter; three
 * workers 1/3 each to 1/2 1/4 1/4: [1/3, 1/2) and [2/3, 3/4) change, 1/6 + 1/12 = 1/4; none to itself. */
static void test_affinity_layout_change(void) {
  double even[2] = {0.5, 0.5}, slow[2] = {0.75, 0.25};
  double thirds[3] = {1.0 / 3, 1.0 / 3, 1.0 / 3}, halves[3] = {0.5, 0.25, 0.25};
  CHECK(fabs(lsc_affinity_layout_change(even, slow, 2) - 0.25) < 1e-5);
  CHECK(fabs(lsc_affinity_layout_change(slow, even, 2) - 0.25) < 1e-5);
  CHECK(fabs(lsc_affinity_layout_change(thirds, halves, 3) - 0.25) < 1e-5);
  CHECK(lsc_affinity_layout_change(halves, halves, 3) == 0.0);
}

/* Whether a new layout pays. An instance of 1 ms balanced; moving all units costs 20 ms.
 * - Noise: layout 0.52 / 0.48 against measured 0.50 / 0.50 known within 0.02: the shares allowed least
 *   favourable to moving are the layout itself, nothing is lost, never worth a move whatever the horizon.
 * - A slow worker: layout 1/2 1/2, shares 3/4 1/4 within 0.02 (worker 1 taken as 0.29): 0.5 / 0.29 - 1 = 0.72
 *   ms lost per instance; moving a quarter of the units costs 5 ms: not over 6 instances (4.3 ms), over 7 on
 *   (5.07 ms).
 * - A persistent small difference, 0.55 / 0.45 against 0.50 / 0.50 known within 0.01: 0.55 / 0.52 - 1 = 5.8%
 *   lost per instance, 1 ms to move 5% of the units: pays after 18 instances, not 17. */
static void test_affinity_relayout_pays(void) {
  double noisy_layout[2] = {0.52, 0.48}, even[2] = {0.5, 0.5}, spread[2] = {0.02, 0.02};
  CHECK(!lsc_affinity_relayout_pays(noisy_layout, even, spread, 2, 1e-3, 1e6, 20e-3));
  double slow[2] = {0.75, 0.25};
  CHECK(!lsc_affinity_relayout_pays(even, slow, spread, 2, 1e-3, 6, 20e-3));
  CHECK(lsc_affinity_relayout_pays(even, slow, spread, 2, 1e-3, 7, 20e-3));
  double off[2] = {0.55, 0.45}, tight[2] = {0.01, 0.01};
  CHECK(!lsc_affinity_relayout_pays(off, even, tight, 2, 1e-3, 17, 20e-3));
  CHECK(lsc_affinity_relayout_pays(off, even, tight, 2, 1e-3, 18, 20e-3));
  /* No spread: any difference pays on a long enough horizon; none never does. */
  double none[2] = {0, 0};
  CHECK(lsc_affinity_relayout_pays(noisy_layout, even, none, 2, 1e-3, 1e3, 20e-3));
  CHECK(!lsc_affinity_relayout_pays(even, even, none, 2, 1e-3, 1e9, 20e-3));
}

/* The layout the holders make: queues of 300, 100 and a pool of 100 shared evenly by two workers. */
static void test_affinity_queued_shares(void) {
  lsc_affinity *a = lsc_affinity_new();
  double share[2];
  CHECK_EQ_INT(lsc_affinity_start(a, 2), 0);
  CHECK_EQ_INT(lsc_affinity_queued_shares(a, share), -1); /* nothing queued */
  CHECK_EQ_INT(lsc_affinity_add(a, 0, 0, 300), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 1, 300, 400), 0);
  CHECK_EQ_INT(lsc_affinity_add(a, 2, 400, 500), 0);
  CHECK_EQ_INT(lsc_affinity_finish(a, 500), 0);
  CHECK_EQ_INT(lsc_affinity_queued_shares(a, share), 0);
  CHECK(fabs(share[0] - 0.7) < 1e-12 && fabs(share[1] - 0.3) < 1e-12);
  lsc_affinity_free(a);
}

/* Steals by the rates 1 and 3 (seconds per unit), moving a unit 0.5. 200 units, 150/50: worker 1 runs dry
 * with worker 0's 100 left and takes 100 x 1 / (1 + 3) = 25, so both finish together; worker 0 dry with
 * worker 1's 40 left takes 40 x 3 / 4 = 30. Nothing is stolen where a unit's data takes longer to move than
 * the victim takes to compute it (moving 2 against 1), nor with a rate not known (half, as without rates). */
static void test_affinity_rated_steal(void) {
  lsc_affinity *a = lsc_affinity_new();
  lsc_chunk c;
  double rates[2] = {1.0, 3.0};
  held_two(a, 150, 200);
  CHECK_EQ_INT(lsc_affinity_rates(a, rates, 0.5), 0);
  CHECK(lsc_affinity_next(a, 1, 10, &c) && chunk_is(&c, 150, 10));
  CHECK(lsc_affinity_next(a, 0, 50, &c) && chunk_is(&c, 0, 50));
  CHECK(lsc_affinity_next(a, 0, 50, &c) && chunk_is(&c, 50, 50));
  /* worker 0 has 50 left x 1 s, worker 1 40 x 3 s: worker 1's queue finishes last */
  CHECK(lsc_affinity_next(a, 0, 0, &c) && chunk_is(&c, 100, 50)); /* its own rest, whole */
  CHECK(lsc_affinity_next(a, 0, 0, &c) && chunk_is(&c, 170, 30)); /* 40 x 3 / 4 from worker 1's back */
  CHECK(lsc_affinity_next(a, 1, 0, &c) && chunk_is(&c, 160, 10));
  CHECK(!lsc_affinity_next(a, 1, 0, &c));
  held_two(a, 150, 200);
  CHECK_EQ_INT(lsc_affinity_rates(a, rates, 0.5), 0);
  CHECK(lsc_affinity_next(a, 1, 0, &c) && chunk_is(&c, 150, 50));
  CHECK(lsc_affinity_next(a, 0, 50, &c) && chunk_is(&c, 0, 50));
  CHECK(lsc_affinity_next(a, 1, 0, &c) && chunk_is(&c, 125, 25)); /* a quarter of the fast one's 100 */
  /* moving a unit (2 s) costs more than the fast victim computes it (1 s): no steal, so the fast one's first
   * chunk takes its whole queue, and the slow one finds nothing */
  held_two(a, 150, 200);
  CHECK_EQ_INT(lsc_affinity_rates(a, rates, 2.0), 0);
  CHECK(lsc_affinity_next(a, 1, 0, &c) && chunk_is(&c, 150, 50));
  CHECK(lsc_affinity_next(a, 0, 50, &c) && chunk_is(&c, 0, 150));
  CHECK(!lsc_affinity_next(a, 1, 0, &c));
  /* a rate not known: half, as without rates */
  double unknown[2] = {1.0, 0.0};
  held_two(a, 150, 200);
  CHECK_EQ_INT(lsc_affinity_rates(a, unknown, 2.0), 0);
  CHECK(lsc_affinity_next(a, 1, 0, &c) && chunk_is(&c, 150, 50));
  CHECK(lsc_affinity_next(a, 0, 50, &c) && chunk_is(&c, 0, 50));
  CHECK(lsc_affinity_next(a, 1, 0, &c) && chunk_is(&c, 100, 50));
  lsc_affinity_free(a);
}

static double makespan_of(const char *schedule, int64_t n, const lsc_sim_cluster *c, lsc_sim_result *kept) {
  lsc_plan_params pp = plan_params(schedule, n, c->workers);
  lsc_sched_error err;
  lsc_planner *pl = lsc_planner_new(&pp, &err);
  CHECK(pl != NULL);
  lsc_sim_result r;
  CHECK_EQ_INT(lsc_sim_run(c, pl, kept != NULL, &r), 0);
  lsc_planner_free(pl);
  double makespan = r.makespan;
  if (kept)
    *kept = r;
  else
    lsc_sim_result_free(&r);
  return makespan;
}

/* static, 2 workers of speed 1, 10 units, no service, 1 s per unit of data moved. */
static void test_static_charges(void) {
  lsc_sim_cluster c = {.workers = 2, .send_per_unit = 1.0, .cost = uniform_cost};
  /* no placement: worker 0's 5 units leave at 0-5, it runs 5-10; worker 1's at 5-10, it runs 10-15 */
  CHECK(fabs(makespan_of("static", 10, &c, NULL) - 15.0) < 1e-9);
  /* held by block, as static places: nothing moves, both run 0-5 */
  const lsc_sim_held block[] = {{0, 5, 0}, {5, 10, 1}};
  c.held = block;
  c.held_count = 2;
  CHECK(fabs(makespan_of("static", 10, &c, NULL) - 5.0) < 1e-9);
  /* swapped: every unit held by the other worker, as without placement */
  const lsc_sim_held swapped[] = {{0, 5, 1}, {5, 10, 0}};
  c.held = swapped;
  CHECK(fabs(makespan_of("static", 10, &c, NULL) - 15.0) < 1e-9);
  /* by block with a halo of 0.2 s per held unit: worker 0 sent 0-1, runs 1-6; worker 1 sent 1-2, runs 2-7 */
  c.held = block;
  c.held_send_per_unit = 0.2;
  CHECK(fabs(makespan_of("static", 10, &c, NULL) - 7.0) < 1e-9);
  /* worker 0 holds [0, 3), nobody the rest: its chunk moves 2 units (0-2, runs 2-7); worker 1's 5 (2-7,
   * runs 7-12) */
  const lsc_sim_held part[] = {{0, 3, 0}, {3, 10, -1}};
  c.held = part;
  c.held_send_per_unit = 0.0;
  CHECK(fabs(makespan_of("static", 10, &c, NULL) - 12.0) < 1e-9);
}

/* css(2), 2 workers, 8 units: worker 1 holds [0, 4), worker 0 [4, 8); 1 s per unit moved, none held. */
static void test_dynamic_by_affinity_or_in_order(void) {
  const lsc_sim_held held[] = {{0, 4, 1}, {4, 8, 0}};
  lsc_sim_cluster c = {
      .workers = 2, .send_per_unit = 1.0, .cost = uniform_cost, .held = held, .held_count = 2};
  /* in hand-out order: w0 [0,2) moves 2 (0-2, runs 2-4); w1 [2,4) its own (runs 2-4); at 4 w0 [4,6) its own
   * (4-6), w1 [6,8) moves 2 (4-6, runs 6-8) */
  lsc_sim_result r;
  CHECK(fabs(makespan_of("css(2)", 8, &c, &r) - 8.0) < 1e-9);
  CHECK_EQ_INT(r.record_count, 4);
  CHECK(r.records[0].worker == 0 && r.records[0].start == 0 && r.records[0].begin == 2.0);
  lsc_sim_result_free(&r);
  /* by affinity: each takes its own units, 2 at a time, nothing moves: both run 0-2, 2-4 */
  c.held_affinity = 1;
  CHECK(fabs(makespan_of("css(2)", 8, &c, &r) - 4.0) < 1e-9);
  CHECK_EQ_INT(r.record_count, 4);
  for (int64_t k = 0; k < r.record_count; k++)
    CHECK(r.records[k].start / 4 == 1 - r.records[k].worker);
  lsc_sim_result_free(&r);
  /* static places by worker: affinity does not apply, it moves both blocks (0-4 runs 4-8; 4-8 runs 8-12) */
  CHECK(fabs(makespan_of("static", 8, &c, NULL) - 12.0) < 1e-9);
}

/* 3 equal workers, 3000 units, 0.1 s of data per unit (lsc-plan's data.test): without placement static comes
 * last (1300: its chunks leave one after the other); held by static's blocks, in hand-out order, static
 * moves nothing and ends at 1000, the ideal, ahead of every dynamic technique, which moves what it takes
 * from the others' blocks. */
static void test_placement_turns_the_ranking(void) {
  lsc_sim_cluster c = {.workers = 3, .send_per_unit = 0.1, .cost = uniform_cost};
  lsc_plan_params pp = plan_params("gss", 3000, 3);
  lsc_auto_ranking r;
  lsc_sched_error err;
  CHECK_EQ_INT(lsc_auto_rank(&pp, &c, &r, &err), 0);
  CHECK_EQ_STR(r.entries[r.count - 1].name, "static");
  const lsc_sim_held block[] = {{0, 1000, 0}, {1000, 2000, 1}, {2000, 3000, 2}};
  c.held = block;
  c.held_count = 3;
  CHECK_EQ_INT(lsc_auto_rank(&pp, &c, &r, &err), 0);
  CHECK_EQ_STR(r.entries[0].name, "static");
  CHECK(fabs(r.entries[0].predicted - 1000.0) < 1e-9);
  CHECK_EQ_STR(r.entries[r.pick].name, "static");
  char text[1024];
  lsc_auto_format(&r, text, sizeof text);
  printf("  held by block: %s\n", text);
  /* static_steal cuts the same blocks and, on equal workers, steals nothing: it ties */
  for (int k = 1; k < r.count; k++)
    CHECK(strncmp(r.entries[k].name, "static_steal", 12) == 0 ? fabs(r.entries[k].predicted - 1000.0) < 1e-9
                                                              : r.entries[k].predicted > 1000.0 * 1.01);
}

int main(void) {
  RUN(test_affinity_own_then_steal);
  RUN(test_affinity_steal_threshold);
  RUN(test_affinity_split_and_pool);
  RUN(test_affinity_balance);
  RUN(test_affinity_rated_steal);
  RUN(test_affinity_layout_change);
  RUN(test_affinity_relayout_pays);
  RUN(test_affinity_queued_shares);
  RUN(test_static_charges);
  RUN(test_dynamic_by_affinity_or_in_order);
  RUN(test_placement_turns_the_ranking);
  return unit_result();
}
