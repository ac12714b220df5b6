/* prefault.h - an idle worker faults in the program's static arrays before its first loop. A worker waits
 * while rank 0 runs main's set-up, and its first loop then receives chunks' data into its own copy of each
 * global array: fresh pages, each first touch a page fault (about 15 us per 4 KiB page on this project's VMs:
 * 60 MB of a global matrix cost the first instance 0.2-0.3 s). The sequential program pays its faults in its
 * set-up, before its loops; a worker can pay them in that same time, while it has nothing else to do.
 *
 * What is faulted in: the main program's writable segments (.data and .bss: the global and static arrays),
 * by touching their pages (data/touch.h), which maps them without changing a byte, under huge-page advice
 * (data/big_pages.h). Only when those segments times the ranks on the node fit in half the node's memory:
 * a worker that would otherwise touch only its chunks' rows must not push the node into swap. Off with
 * LSC_PREFAULT=off. The work goes in 2 MiB steps, taken by a helper thread (exec/fault_ahead.h) that stops
 * after its step when the worker's first message comes: the worker polls meanwhile, its first loop waits
 * for no step. */
#ifndef LSC_DATA_PREFAULT_H
#define LSC_DATA_PREFAULT_H

#include <stddef.h>

/* Plans the work for a process sharing its node with `ranks_on_node` ranks; returns the bytes planned (0:
 * nothing to do, too large for the node, or the system cannot). */
size_t lsc_prefault_begin(int ranks_on_node);
/* Faults in the next step; 1 while steps remain. */
int lsc_prefault_step(void);

/* Faults in the pages overlapping [p, p + bytes) without changing a byte (a calibration sample's outputs,
 * exec/run_chunk.c): nothing where the system cannot, or the range is not writable memory. */
void lsc_prefault_range(void *p, size_t bytes);

/* The rule of lsc_prefault_begin, pure: whether `bytes` of segments fit for `ranks_on_node` ranks on a node
 * of `node_bytes` of memory. */
int lsc_prefault_fits(size_t bytes, int ranks_on_node, double node_bytes);

#endif
