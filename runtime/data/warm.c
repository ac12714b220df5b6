/* warm.c - the worker's reserve of faulted-in memory (warm.h). One mmap'd range of address space (no
 * memory until faulted), faulted in a block at a time by touching its pages (data/touch.h); the free ranges
 * are a short sorted list of block offsets, taken first fit and joined on return. A return that finds the
 * list full leaves its block out of the reserve until the end: the reserve serves the few copies a worker
 * keeps, so that never happens in practice and costs only those bytes if it does. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* madvise, MAP_ANONYMOUS */
#endif
#include "data/warm.h"

#include "data/touch.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#define MAX_FREE 64

/* Taken and given back by a worker's main thread (copies, mirrors) and by its message buffers, which OpenMP
 * threads may grow too (data/buffer.c): a lock around the free list. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
  char *base;
  size_t bytes, faulted;
  struct {
    size_t at, bytes;
  } free[MAX_FREE];
  int nfree;
  struct {
    size_t at, bytes;
  } * taken; /* the blocks out, so that a block comes back by its address alone */
  size_t ntaken, taken_cap;
  lsc_warm_modes modes; /* the stepping thread's alone, as the next two */
  int block_mode;       /* the mode of the block the last step was in */
  int advised;          /* the mode the blocks past the last step are advised */
} reserve;

static size_t round_up(size_t bytes) {
  return (bytes + LSC_WARM_BLOCK - 1) / LSC_WARM_BLOCK * LSC_WARM_BLOCK;
}

/* Advice only: where THP is off both modes are small pages, and a refusal changes nothing. */
static void advise(char *p, size_t bytes, int huge) {
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
  (void)madvise(p, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#else
  (void)p;
  (void)bytes;
  (void)huge;
#endif
}

static double seconds_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int lsc_warm_mode_faster(const lsc_warm_modes *m) {
  return m->seconds[0] >= 0 && m->seconds[1] >= 0 && m->seconds[0] < m->seconds[1] ? 0 : 1;
}

int lsc_warm_mode_pick(const lsc_warm_modes *m) {
  if (m->seconds[1] < 0)
    return 1;
  if (m->seconds[0] < 0)
    return 0;
  int faster = lsc_warm_mode_faster(m);
  return m->steps % LSC_WARM_PROBE_EVERY == 0 ? !faster : faster;
}

void lsc_warm_mode_note(lsc_warm_modes *m, int mode, double seconds) {
  m->seconds[mode ? 1 : 0] = seconds;
  m->steps++;
}

int lsc_warm_begin(size_t most) {
  lsc_warm_end();
  size_t bytes = most / LSC_WARM_BLOCK * LSC_WARM_BLOCK;
  if (bytes == 0)
    return -1;
  /* One block more, to align the start: only an aligned 2 MiB range can become a huge page. */
  char *p = mmap(NULL, bytes + LSC_WARM_BLOCK, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return -1;
  char *base = (char *)(((uintptr_t)p + LSC_WARM_BLOCK - 1) & ~(uintptr_t)(LSC_WARM_BLOCK - 1));
  if (base > p)
    munmap(p, (size_t)(base - p));
  munmap(base + bytes, (size_t)(p + LSC_WARM_BLOCK - base));
  advise(base, bytes, 1); /* huge pages until a step shows small ones fault faster */
  reserve.advised = 1;
  reserve.modes = LSC_WARM_MODES_START;
  reserve.base = base;
  reserve.bytes = bytes;
  reserve.faulted = 0;
  reserve.free[0].at = 0;
  reserve.free[0].bytes = bytes;
  reserve.nfree = 1;
  return 0;
}

/* One thread steps (exec/fault_ahead.c's helper) while others may take blocks and ask how far it got:
 * `faulted` is read and moved under the lock, the touching itself (milliseconds when the host backs the
 * block) outside it. A block taken meanwhile may be touched while its user writes it: the touch keeps
 * every byte (data/touch.h). A step stopped inside a block leaves `faulted` there; the next step finishes
 * that block in the mode it was advised, and only a whole block's time counts for the choice of mode. */
int lsc_warm_step(size_t want, const atomic_int *stop) {
  pthread_mutex_lock(&lock);
  size_t at = reserve.faulted;
  int more = reserve.base && at < want && at < reserve.bytes;
  pthread_mutex_unlock(&lock);
  if (!more)
    return 0;
  size_t block = at / LSC_WARM_BLOCK * LSC_WARM_BLOCK, end = block + LSC_WARM_BLOCK;
  int whole = at == block;
  /* This block in the mode picked (a probe of the slower one, now and then), the rest in the faster one. */
  int mode = whole ? lsc_warm_mode_pick(&reserve.modes) : reserve.block_mode;
  if (whole && mode != reserve.advised)
    advise(reserve.base + block, LSC_WARM_BLOCK, mode);
  reserve.block_mode = mode;
  double begin = seconds_now();
  size_t done = lsc_touch_pages_until(reserve.base + at, end - at, stop);
  if (whole && at + done >= end) {
    lsc_warm_mode_note(&reserve.modes, mode, seconds_now() - begin);
    int rest = lsc_warm_mode_faster(&reserve.modes);
    if (rest != reserve.advised && end < reserve.bytes) {
      advise(reserve.base + end, reserve.bytes - end, rest);
      reserve.advised = rest;
    }
  }
  pthread_mutex_lock(&lock);
  reserve.faulted = at + done < end ? at + done : end;
  pthread_mutex_unlock(&lock);
  return done > 0;
}

size_t lsc_warm_faulted(void) {
  pthread_mutex_lock(&lock);
  size_t faulted = reserve.base ? reserve.faulted : 0;
  pthread_mutex_unlock(&lock);
  return faulted;
}

void *lsc_warm_take(size_t bytes) {
  size_t need = round_up(bytes ? bytes : 1);
  char *p = NULL;
  pthread_mutex_lock(&lock);
  for (int i = 0; reserve.base && i < reserve.nfree && !p; i++) {
    if (reserve.free[i].bytes < need)
      continue;
    if (reserve.ntaken == reserve.taken_cap) {
      size_t cap = reserve.taken_cap ? 2 * reserve.taken_cap : 16;
      void *grown = realloc(reserve.taken, cap * sizeof *reserve.taken);
      if (!grown)
        break; /* no block without its record: the caller takes the heap */
      reserve.taken = grown;
      reserve.taken_cap = cap;
    }
    reserve.taken[reserve.ntaken].at = reserve.free[i].at;
    reserve.taken[reserve.ntaken++].bytes = need;
    p = reserve.base + reserve.free[i].at;
    reserve.free[i].at += need;
    reserve.free[i].bytes -= need;
    if (reserve.free[i].bytes == 0) {
      for (int k = i + 1; k < reserve.nfree; k++)
        reserve.free[k - 1] = reserve.free[k];
      reserve.nfree--;
    }
  }
  pthread_mutex_unlock(&lock);
  return p;
}

int lsc_warm_owns(const void *p) {
  return reserve.base && (const char *)p >= reserve.base && (const char *)p < reserve.base + reserve.bytes;
}

void lsc_warm_give(void *p) {
  if (!lsc_warm_owns(p))
    return;
  size_t at = (size_t)((char *)p - reserve.base), n = 0;
  pthread_mutex_lock(&lock);
  for (size_t k = 0; k < reserve.ntaken && n == 0; k++)
    if (reserve.taken[k].at == at) {
      n = reserve.taken[k].bytes;
      reserve.taken[k] = reserve.taken[--reserve.ntaken];
    }
  if (n == 0) { /* not a block taken: nothing to return */
    pthread_mutex_unlock(&lock);
    return;
  }
  int i = 0;
  while (i < reserve.nfree && reserve.free[i].at < at)
    i++;
  int joins_before = i > 0 && reserve.free[i - 1].at + reserve.free[i - 1].bytes == at;
  int joins_after = i < reserve.nfree && at + n == reserve.free[i].at;
  if (joins_before && joins_after) {
    reserve.free[i - 1].bytes += n + reserve.free[i].bytes;
    for (int k = i + 1; k < reserve.nfree; k++)
      reserve.free[k - 1] = reserve.free[k];
    reserve.nfree--;
  } else if (joins_before) {
    reserve.free[i - 1].bytes += n;
  } else if (joins_after) {
    reserve.free[i].at = at;
    reserve.free[i].bytes += n;
  } else if (reserve.nfree < MAX_FREE) {
    for (int k = reserve.nfree; k > i; k--)
      reserve.free[k] = reserve.free[k - 1];
    reserve.free[i].at = at;
    reserve.free[i].bytes = n;
    reserve.nfree++;
  }
  pthread_mutex_unlock(&lock);
}

void lsc_warm_free(void *p) {
  if (lsc_warm_owns(p))
    lsc_warm_give(p);
  else
    free(p);
}

void lsc_warm_end(void) {
  if (reserve.base)
    munmap(reserve.base, reserve.bytes);
  free(reserve.taken);
  reserve.base = NULL;
  reserve.bytes = reserve.faulted = 0;
  reserve.nfree = 0;
  reserve.taken = NULL;
  reserve.ntaken = reserve.taken_cap = 0;
}

size_t lsc_warm_target(long long now, long long base, size_t most) {
  if (now < 0 || base < 0 || now <= base)
    return 0;
  unsigned long long grown = (unsigned long long)(now - base) + LSC_WARM_BUFFERS;
  return grown < most ? (size_t)grown : most;
}
