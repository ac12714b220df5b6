/* Unit tests of data/touch.c: touching faults pages in and keeps every byte, for a range that starts and ends
 * inside pages, and while another thread keeps writing the very bytes the touches add zero to (the worker's
 * main thread writing a reserve block the helper is still faulting in, exec/fault_ahead.h). */
#include "data/touch.h"
#include "unit.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGES 64

static void test_bytes_kept(void) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = PAGES * page;
  unsigned char *p = malloc(bytes);
  CHECK(p != NULL);
  for (size_t i = 0; i < bytes; i++)
    p[i] = (unsigned char)(i * 13 + 5);
  lsc_touch_pages(p + 100, bytes - 200); /* from inside the first page to inside the last */
  lsc_touch_pages(NULL, bytes);          /* nothing */
  lsc_touch_pages(p, 0);                 /* nothing */
  int same = 1;
  for (size_t i = 0; i < bytes; i++)
    same &= p[i] == (unsigned char)(i * 13 + 5);
  CHECK_EQ_INT(same, 1);
  free(p);
}

/* Fresh anonymous memory: each page resident after the touch (mincore), still zero. */
static void test_faults_in(void) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = PAGES * page;
  unsigned char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(p != MAP_FAILED);
  lsc_touch_pages(p, bytes);
  unsigned char resident[PAGES];
  CHECK_EQ_INT(mincore(p, bytes, resident), 0);
  int all = 1, zero = 1;
  for (int i = 0; i < PAGES; i++)
    all &= resident[i] & 1;
  for (size_t i = 0; i < bytes; i++)
    zero &= p[i] == 0;
  CHECK_EQ_INT(all, 1);
  CHECK_EQ_INT(zero, 1);
  munmap(p, bytes);
}

/* A stop already set: the first LSC_TOUCH_CHECK bytes only; none set: all of it, from p's page. */
static void test_until(void) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = 4 * LSC_TOUCH_CHECK;
  unsigned char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(p != MAP_FAILED);
  atomic_int stop = 1, go = 0;
  CHECK(lsc_touch_pages_until(p, bytes, &stop) == LSC_TOUCH_CHECK);
  CHECK(lsc_touch_pages_until(p, bytes, &go) == bytes);
  CHECK(lsc_touch_pages_until(p + 10, page, NULL) == 2 * page); /* p + 10 .. p + 10 + page spans two pages */
  CHECK(lsc_touch_pages_until(NULL, bytes, NULL) == 0);
  munmap(p, bytes);
}

static struct {
  unsigned char *p;
  size_t page, bytes;
  atomic_int done;
} race;

static void *toucher(void *unused) {
  (void)unused;
  while (!atomic_load(&race.done))
    lsc_touch_pages(race.p, race.bytes);
  return NULL;
}

/* One thread writes each page's first byte (the byte a touch adds zero to) round after round while another
 * touches the range over and over: every byte ends as the writer last left it. */
static void test_concurrent_writer(void) {
  race.page = (size_t)sysconf(_SC_PAGESIZE);
  race.bytes = PAGES * race.page;
  race.p = calloc(race.bytes, 1);
  CHECK(race.p != NULL);
  atomic_store(&race.done, 0);
  pthread_t t;
  CHECK_EQ_INT(pthread_create(&t, NULL, toucher, NULL), 0);
  volatile unsigned char *v = race.p;
  for (int round = 1; round <= 20000; round++)
    for (size_t k = 0; k < PAGES; k++)
      v[k * race.page] = (unsigned char)(round + k);
  atomic_store(&race.done, 1);
  pthread_join(t, NULL);
  int kept = 1;
  for (size_t k = 0; k < PAGES; k++)
    kept &= race.p[k * race.page] == (unsigned char)(20000 + k);
  CHECK_EQ_INT(kept, 1);
  free(race.p);
}

int main(void) {
  RUN(test_bytes_kept);
  RUN(test_faults_in);
  RUN(test_until);
  RUN(test_concurrent_writer);
  return unit_result();
}
