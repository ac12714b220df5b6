/* The worker's reserve of faulted-in memory (data/warm.h): blocks are whole, aligned 2 MiB ranges carved
 * first fit from the lowest address, so the faulted-in start goes first; a block given back joins its free
 * neighbours and serves again; the faulting stops at the target and at the reserve's end; what to fault
 * follows rank 0's growth, capped (read from /proc: test_config.c); mirrors live in the reserve when it has
 * room (data/mirror.h). */
#include "data/mirror.h"
#include "data/warm.h"
#include "data/touch.h"
#include "unit.h"

#include <stdint.h>
#include <string.h>

#define MIB ((size_t)1 << 20)

static void test_take_and_give(void) {
  CHECK_EQ_INT(lsc_warm_begin(10 * MIB + 12345), 0); /* rounded down to 5 blocks */
  char *a = lsc_warm_take(1), *b = lsc_warm_take(3 * MIB), *c = lsc_warm_take(2 * MIB);
  CHECK(a && b && c);
  CHECK((uintptr_t)a % LSC_WARM_BLOCK == 0);
  CHECK(b == a + 2 * MIB && c == b + 4 * MIB); /* first fit, lowest address first, whole blocks */
  CHECK(lsc_warm_owns(a) && lsc_warm_owns(a + 10 * MIB - 1) && !lsc_warm_owns(a + 10 * MIB));
  CHECK(lsc_warm_take(4 * MIB) == NULL); /* 2 blocks left */
  memset(b, 7, 3 * MIB);
  lsc_warm_give(b);
  lsc_warm_give(b);                   /* twice: the second is not a block taken, ignored */
  lsc_warm_give(a + 1 * MIB);         /* inside a block, not its start: ignored */
  CHECK(lsc_warm_take(4 * MIB) == b); /* the returned 4 MiB serve again */
  CHECK(lsc_warm_take(4 * MIB) == NULL);
  lsc_warm_give(a);
  lsc_warm_give(c);
  lsc_warm_give(b); /* joins both neighbours: the whole reserve is free again */
  CHECK(lsc_warm_take(10 * MIB) == a);
  lsc_warm_give(a);
  int x;
  CHECK(!lsc_warm_owns(&x));
  lsc_warm_give(&x); /* not the reserve's: ignored */
  lsc_warm_end();
  CHECK(lsc_warm_take(1) == NULL); /* no reserve */
}

static void test_faulting_stops(void) {
  CHECK_EQ_INT(lsc_warm_begin(6 * MIB), 0);
  CHECK_EQ_INT((int)lsc_warm_faulted(), 0);
  int steps = 0;
  while (lsc_warm_step(3 * MIB, NULL))
    steps++;
  CHECK(steps == 2 && lsc_warm_faulted() == 4 * MIB); /* whole blocks, up to the first past the target */
  while (lsc_warm_step(100 * MIB, NULL))
    steps++;
  CHECK(steps == 3 && lsc_warm_faulted() == 6 * MIB); /* the reserve's end */
  char *p = lsc_warm_take(6 * MIB);
  CHECK(p && p[0] == 0 && p[6 * MIB - 1] == 0); /* fresh memory reads zero */
  lsc_warm_end();
}

/* A step asked to stop ends within LSC_TOUCH_CHECK bytes, inside its block; the next step finishes that
 * block, and the one after goes on block by block. */
static void test_stopped_step(void) {
  atomic_int stop = 1;
  CHECK_EQ_INT(lsc_warm_begin(6 * MIB), 0);
  CHECK_EQ_INT(lsc_warm_step(6 * MIB, &stop), 1);
  CHECK(lsc_warm_faulted() == LSC_TOUCH_CHECK);
  CHECK_EQ_INT(lsc_warm_step(6 * MIB, NULL), 1);
  CHECK(lsc_warm_faulted() == 2 * MIB);
  CHECK_EQ_INT(lsc_warm_step(6 * MIB, NULL), 1);
  CHECK(lsc_warm_faulted() == 4 * MIB);
  lsc_warm_end();
}

static void test_target(void) {
  CHECK(lsc_warm_target(100, 40, (size_t)1 << 40) == 60 + LSC_WARM_BUFFERS); /* and room for buffers */
  CHECK(lsc_warm_target(5000, 40, 1000) == 1000);                            /* capped */
  CHECK(lsc_warm_target(30, 40, 1000) == 0); /* rank 0 shrank below where it started */
  CHECK(lsc_warm_target(-1, 40, 1000) == 0); /* unreadable */
}

/* A mirror grows into the reserve when it has room, keeping its bytes, and back onto the heap when not. */
static void test_mirror_in_reserve(void) {
  CHECK_EQ_INT(lsc_warm_begin(8 * MIB), 0);
  lsc_mirror_set set = {0};
  CHECK_EQ_INT(lsc_mirror_set_resize(&set, 2), 0);
  char *small = lsc_mirror_get(&set, 0, 100, 0);
  CHECK(small && lsc_warm_owns(small));
  memset(small, 3, 100);
  char *big = lsc_mirror_get(&set, 0, 5 * MIB, 0); /* the reserve's next 6 MiB */
  CHECK(big && lsc_warm_owns(big) && big[99] == 3 && big[100] == 0 && big[5 * MIB - 1] == 0);
  char *heap = lsc_mirror_get(&set, 1, 4 * MIB, 0); /* 2 MiB left in the reserve: the heap */
  CHECK(heap && !lsc_warm_owns(heap) && heap[4 * MIB - 1] == 0);
  big[0] = 9;
  char *moved = lsc_mirror_get(&set, 0, 9 * MIB, 0); /* larger than the reserve: onto the heap, bytes kept */
  CHECK(moved && !lsc_warm_owns(moved) && moved[0] == 9 && moved[99] == 3 && moved[9 * MIB - 1] == 0);
  char *back = lsc_warm_take(8 * MIB); /* var 0's two blocks came back, joined: the whole reserve again */
  CHECK(back == small);
  lsc_warm_give(back);
  lsc_mirror_set_free(&set);
  lsc_warm_end();
}

/* The page size of the reserve's steps: huge first, small once, then the faster, the slower again every
 * LSC_WARM_PROBE_EVERY steps; a probe that comes out faster takes over. */
static void test_modes(void) {
  lsc_warm_modes m = LSC_WARM_MODES_START;
  CHECK_EQ_INT(lsc_warm_mode_pick(&m), 1);
  CHECK_EQ_INT(lsc_warm_mode_faster(&m), 1); /* huge pages until both were measured */
  lsc_warm_mode_note(&m, 1, 6e-3);           /* a huge page the host had to back */
  CHECK_EQ_INT(lsc_warm_mode_pick(&m), 0);
  CHECK_EQ_INT(lsc_warm_mode_faster(&m), 1);
  lsc_warm_mode_note(&m, 0, 1.2e-3); /* small pages from warm fragments */
  CHECK_EQ_INT(lsc_warm_mode_faster(&m), 0);
  int small = 0, probes = 0;
  for (int step = 2; step < 2 + 3 * LSC_WARM_PROBE_EVERY; step++) {
    int mode = lsc_warm_mode_pick(&m);
    small += mode == 0;
    probes += mode == 1;
    lsc_warm_mode_note(&m, mode, mode ? 6e-3 : 1.2e-3);
  }
  CHECK_EQ_INT(probes, 3);                   /* one in every LSC_WARM_PROBE_EVERY */
  CHECK_EQ_INT(lsc_warm_mode_faster(&m), 0); /* a slower probe does not change the faster */
  CHECK_EQ_INT(small, 3 * LSC_WARM_PROBE_EVERY - 3);
  /* the host backs the blocks now: the next probe of huge pages wins */
  while (lsc_warm_mode_pick(&m) != 1)
    lsc_warm_mode_note(&m, 0, 1.2e-3);
  lsc_warm_mode_note(&m, 1, 0.2e-3);
  CHECK_EQ_INT(lsc_warm_mode_pick(&m), 1);
  lsc_warm_mode_note(&m, 1, 0.2e-3);
  CHECK_EQ_INT(lsc_warm_mode_pick(&m), 1);
}

int main(void) {
  RUN(test_modes);
  RUN(test_take_and_give);
  RUN(test_faulting_stops);
  RUN(test_stopped_step);
  RUN(test_target);
  RUN(test_mirror_in_reserve);
  return unit_result();
}
