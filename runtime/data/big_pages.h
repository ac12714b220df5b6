/* big_pages.h - the arrays a rank receives into ask for transparent huge pages. On this project's VMs a first
 * touch costs about 15 us per 4 KiB page, so a worker's first receive into a fresh 46 MB copy of an array
 * paid 170-300 ms of page faults (conv2d's first pass in a data region took 0.18 s for 0.04 s of work); with
 * 2 MiB pages the same first touch took 14-40 ms. A sequential program pays its faults in its own set-up,
 * outside its loops; a worker pays them inside the first instance that sends it the array. */
#ifndef LSC_DATA_BIG_PAGES_H
#define LSC_DATA_BIG_PAGES_H

#include <stddef.h>

/* Asks for huge pages on the 2 MiB-aligned interior of [p, p + bytes) (madvise MADV_HUGEPAGE), when that is
 * at least one huge page. Nothing changes where THP is off or the kernel refuses: the call is advice. A range
 * advised before (the last LSC_BIG_PAGES_REMEMBERED ranges) is not advised again, so a loop run thousands of
 * times costs no system call per instance. */
void lsc_big_pages(void *p, size_t bytes);

#define LSC_BIG_PAGES_REMEMBERED 64

#endif
