/* mirror.h - a worker's copies of the arrays of one loop site, one per var: allocated on first use, grown
 * when a later instance of the loop needs more, and otherwise reused, so a loop run many times allocates
 * once.
 *
 * A mirror starts at the same offset in its 4 KiB page as rank 0's array (LSC_PAGE_OFFSET_OF). The kernel
 * copies a message between the two processes (Open MPI's single-copy path, process_vm_readv), and a copy
 * whose destination lies 8-31 bytes past its source modulo 4 KiB ran at 1.4 GB/s against 4.7-5.8 otherwise
 * on this project's VMs (4K aliasing: a load looks like it reads the line a store just wrote). rank 0's heap
 * arrays start 16 bytes into a page (malloc's header) and a mirror carved from the reserve at 0, so every
 * result came home at that speed: 64 MiB of a chunk's outputs in 31 ms, its inputs out in 15. */
#ifndef LSC_DATA_MIRROR_H
#define LSC_DATA_MIRROR_H

#include <stddef.h>
#include <stdint.h>

typedef struct lsc_mirror_set {
  int count;
  void **data;   /* per var: the mirror */
  void **blocks; /* per var: the allocation it lies in (the reserve's block, or the heap's) */
  size_t *bytes;
} lsc_mirror_set;

/* Where in a page a copy of an array at `address` (another process's) starts. */
#define LSC_PAGE_ALIGN_BYTES ((uintptr_t)4096)
#define LSC_PAGE_OFFSET_OF(address) ((size_t)((uintptr_t)(address) % LSC_PAGE_ALIGN_BYTES))
/* The bytes from `block` to the first address at or after it that starts `offset` bytes into a page
 * (less than a page): where a copy carved from `block` starts. */
static inline size_t lsc_page_skew(const void *block, size_t offset) {
  return (offset % LSC_PAGE_ALIGN_BYTES + LSC_PAGE_ALIGN_BYTES - LSC_PAGE_OFFSET_OF(block)) %
         LSC_PAGE_ALIGN_BYTES;
}

/* Makes room for `count` vars; keeps the existing mirrors when the count is unchanged. 0, or -1 (no memory).
 */
int lsc_mirror_set_resize(lsc_mirror_set *set, int count);
/* Var `var`'s mirror with at least `bytes` bytes, starting `page_offset` bytes into a page (modulo the page),
 * new bytes zero-filled, the old ones kept when it moves; NULL when memory runs out. */
void *lsc_mirror_get(lsc_mirror_set *set, int var, size_t bytes, size_t page_offset);
void lsc_mirror_set_free(lsc_mirror_set *set);

#endif
