/* Growable buffers (data/buffer.h): small ones grow by realloc; from a MiB on a buffer is laid on whole,
 * aligned 2 MiB pages (so that all of it may become huge pages) and keeps its bytes across every growth; a
 * freed big buffer's block serves the next big buffer; readers stop at the end. */
#include "data/buffer.h"
#include "data/warm.h"
#include "unit.h"

#include <stdint.h>
#include <string.h>

#define MIB ((size_t)1 << 20)

static void test_small_then_big(void) {
  lsc_buffer b = {0};
  uint64_t v = 0;
  /* Bytes put one word at a time through every growth, the last ones past 5 MiB. */
  for (; v < 5 * MIB / sizeof v + 7; v++)
    CHECK_EQ_INT(lsc_buffer_put(&b, &v, sizeof v), 0);
  CHECK(b.len == (size_t)v * sizeof v);
  CHECK(b.capacity >= b.len);
  CHECK(b.capacity % (2 * MIB) == 0);
  CHECK((uintptr_t)b.data % (2 * MIB) == 0);
  int intact = 1;
  for (uint64_t i = 0; i < v; i++) {
    uint64_t w;
    memcpy(&w, b.data + i * sizeof w, sizeof w);
    intact &= w == i;
  }
  CHECK(intact);
  lsc_buffer_free(&b);
  CHECK(b.data == NULL && b.len == 0 && b.capacity == 0);
}

static void test_small_stays_small(void) {
  lsc_buffer b = {0};
  CHECK_EQ_INT(lsc_buffer_put(&b, "abc", 3), 0);
  CHECK(b.capacity < MIB); /* no 2 MiB page for a small message */
  lsc_reader r = lsc_reader_of(b.data, b.len);
  char got[4] = {0};
  lsc_read(&r, got, 3);
  CHECK(!r.short_read && strcmp(got, "abc") == 0);
  lsc_read(&r, got, 1); /* past the end: zeros and a short read */
  CHECK(r.short_read && got[0] == 0);
  lsc_buffer_free(&b);
}

/* One grow of more than a MiB at once, from empty: whole huge pages, and the bytes are the caller's. */
static void test_one_big_grow(void) {
  lsc_buffer b = {0};
  unsigned char *at = lsc_buffer_grow(&b, 3 * MIB + 1);
  CHECK(at != NULL && at == b.data);
  CHECK(b.capacity >= 4 * MIB && b.capacity % (2 * MIB) == 0); /* a kept block of an earlier test may serve */
  memset(at, 0x5a, 3 * MIB + 1);
  CHECK(b.data[3 * MIB] == 0x5a);
  CHECK(lsc_buffer_grow(&b, SIZE_MAX) == NULL); /* too much: refused, the buffer unchanged */
  CHECK(b.len == 3 * MIB + 1);
  lsc_buffer_free(&b);
}

/* A freed big buffer's block is kept: the next buffer that grows as big takes it, warm, rather than fresh
 * memory; a small buffer never takes one. */
static void test_block_kept(void) {
  lsc_buffer a = {0}, b = {0}, small = {0};
  CHECK(lsc_buffer_grow(&a, 6 * MIB) != NULL);
  unsigned char *block = a.data;
  size_t cap = a.capacity;
  memset(a.data, 1, a.len);
  lsc_buffer_free(&a);
  CHECK(lsc_buffer_put(&small, "x", 1) == 0);
  CHECK(small.data != block);
  CHECK(lsc_buffer_grow(&b, 5 * MIB) == block);
  CHECK(b.capacity == cap);
  lsc_buffer_free(&b);
  lsc_buffer_free(&small);
}

/* On a worker with a reserve (data/warm.h) a new big block comes from it, and goes back to it when the keep
 * is full; a small buffer never does. */
static void test_block_from_reserve(void) {
  CHECK_EQ_INT(lsc_warm_begin(80 * MIB), 0);
  lsc_buffer big[9] = {{0}}, small = {0};
  int from_reserve = 0;
  for (int i = 0; i < 9; i++) { /* the keep holds 8 blocks of at most 64 MiB in all: 9 x 8 MiB overflow it */
    CHECK(lsc_buffer_grow(&big[i], 7 * MIB) != NULL);
    from_reserve += lsc_warm_owns(big[i].data);
  }
  CHECK(from_reserve >= 8); /* all but what the tests before left in the keep */
  CHECK(lsc_buffer_put(&small, "x", 1) == 0 && !lsc_warm_owns(small.data));
  for (int i = 0; i < 9; i++)
    lsc_buffer_free(&big[i]);
  /* 8 kept, the ninth back in the reserve, joined to the 8 MiB never taken */
  void *back = lsc_warm_take(16 * MIB);
  CHECK(back != NULL);
  lsc_warm_give(back);
  /* Bytes taken out of their buffer (a send kept past it) are freed where they live: a block of the reserve
   * goes back to it (the lowest free block, so the next take finds it first), the heap's to the heap. */
  char *out = lsc_warm_take(8 * MIB);
  CHECK(out != NULL);
  lsc_warm_free(out);
  CHECK(lsc_warm_take(8 * MIB) == out);
  lsc_warm_free(small.data); /* the heap's */
  lsc_warm_end();
}

int main(void) {
  RUN(test_small_then_big);
  RUN(test_small_stays_small);
  RUN(test_one_big_grow);
  RUN(test_block_kept);
  RUN(test_block_from_reserve);
  return unit_result();
}
