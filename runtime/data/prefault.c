/* prefault.c - an idle worker's static arrays faulted in ahead of its first loop (prefault.h). The segments
 * are found with dl_iterate_phdr: the first object it reports is the main program, whose writable PT_LOAD
 * segments hold .data and .bss. Each step touches its pages (data/touch.h), which maps them writable without
 * changing a byte, so values a constructor or MPI's start-up already set in those segments are kept, even
 * while the worker's main thread writes them. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dl_iterate_phdr, madvise */
#endif
#include "data/prefault.h"

#include "data/big_pages.h"
#include "data/touch.h"

#include <link.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define STEP ((uintptr_t)2 << 20)
#define MAX_SEGMENTS 8

static struct { uintptr_t lo, hi; } segments[MAX_SEGMENTS];
static int nsegments, current;
static uintptr_t cursor;

static int main_program(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), relro_lo = 0, relro_end = 0;
  /* The loader made the segments' RELRO part read-only after relocation: a touch there would fault. */
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO) {
      relro_lo = (info->dlpi_addr + info->dlpi_phdr[i].p_vaddr) & ~(page - 1);
      relro_end = (info->dlpi_addr + info->dlpi_phdr[i].p_vaddr + info->dlpi_phdr[i].p_memsz + page - 1) &
                  ~(page - 1);
    }
  for (int i = 0; i < info->dlpi_phnum && nsegments < MAX_SEGMENTS; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W) || ph->p_memsz == 0)
      continue;
    uintptr_t lo = (info->dlpi_addr + ph->p_vaddr) & ~(page - 1);
    uintptr_t hi = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz + page - 1) & ~(page - 1);
    if (relro_lo <= lo && relro_end > lo) /* RELRO opens the segment, or covers it */
      lo = relro_end < hi ? relro_end : hi;
    else if (relro_lo > lo && relro_lo < hi) /* inside it (no linker lays it so): the part before only */
      hi = relro_lo;
    if (lo >= hi)
      continue;
    segments[nsegments].lo = lo;
    segments[nsegments].hi = hi;
    nsegments++;
  }
  return 1; /* the first object is the main program: stop there */
}

int lsc_prefault_fits(size_t bytes, int ranks_on_node, double node_bytes) {
  if (ranks_on_node < 1)
    ranks_on_node = 1;
  return bytes > 0 && node_bytes > 0 && (double)bytes * ranks_on_node <= node_bytes / 2;
}

size_t lsc_prefault_begin(int ranks_on_node) {
  nsegments = current = 0;
  dl_iterate_phdr(main_program, NULL);
  size_t bytes = 0;
  for (int i = 0; i < nsegments; i++)
    bytes += segments[i].hi - segments[i].lo;
  double node = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
  if (!lsc_prefault_fits(bytes, ranks_on_node, node)) {
    nsegments = 0;
    return 0;
  }
  for (int i = 0; i < nsegments; i++)
    lsc_big_pages((void *)segments[i].lo, segments[i].hi - segments[i].lo);
  cursor = nsegments > 0 ? segments[0].lo : 0;
  return bytes;
}

int lsc_prefault_step(void) {
  while (current < nsegments && cursor >= segments[current].hi)
    if (++current < nsegments)
      cursor = segments[current].lo;
  if (current >= nsegments)
    return 0;
  uintptr_t end = cursor + STEP < segments[current].hi ? cursor + STEP : segments[current].hi;
  lsc_touch_pages((void *)cursor, (size_t)(end - cursor));
  cursor = end;
  return 1;
}

void lsc_prefault_range(void *p, size_t bytes) {
#ifdef MADV_POPULATE_WRITE
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  if (!p || bytes == 0 || page == 0)
    return;
  uintptr_t lo = (uintptr_t)p & ~(page - 1);
  uintptr_t hi = ((uintptr_t)p + bytes + page - 1) & ~(page - 1);
  (void)madvise((void *)lo, (size_t)(hi - lo), MADV_POPULATE_WRITE); /* refused: they fault on first use */
#else
  (void)p;
  (void)bytes;
#endif
}
