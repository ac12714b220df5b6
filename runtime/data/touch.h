/* touch.h - faulting pages in by touching them, for a helper thread (exec/fault_ahead.h).
 *
 * Why not MADV_POPULATE_WRITE: the kernel holds the process's mmap lock for the whole call, and on this
 * project's VMs one 2 MiB block the host has not backed yet takes 5-7 ms; any mmap or munmap of another
 * thread meanwhile waits (malloc's large blocks, MPI's buffers). The worker's main thread took 4-6 ms to set
 * up its first loop behind a helper's populate step (a test program: an mmap waited 106-874 ms behind 64 MiB
 * steps, 1.3 ms at most behind the same bytes touched). A page fault takes only its area's lock (Linux 6.4
 * and later), so touching leaves the main thread free.
 *
 * A touch is an atomic add of zero to one byte per page: it faults the page in writable (a huge page where
 * the range is advised so) and leaves every byte as it was, even one another thread writes at the same time
 * (the add reads and writes back as one indivisible step, so a plain store lands wholly before or after it).
 */
#ifndef LSC_DATA_TOUCH_H
#define LSC_DATA_TOUCH_H

#include <stdatomic.h>
#include <stddef.h>

/* Faults in the pages overlapping [p, p + bytes) for writing, their bytes unchanged. The range must be
 * writable memory of this process. */
void lsc_touch_pages(void *p, size_t bytes);
/* The same, stopping early once *stop is set (read every LSC_TOUCH_CHECK bytes): a helper asked to stop
 * leaves the core to the thread that asked within tens of microseconds, where a whole 2 MiB step of small
 * pages the host must back takes 5-7 ms. Returns the bytes from p's page on that it faulted in (all of
 * them, rounded to pages, when not stopped). */
size_t lsc_touch_pages_until(void *p, size_t bytes, const atomic_int *stop);
#define LSC_TOUCH_CHECK ((size_t)64 << 10)

#endif
