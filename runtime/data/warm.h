/* warm.h - memory an idle worker faults in before its first loop, for the copies it will keep of rank 0's
 * arrays (a data region's copies, exec/region_worker.c, and a loop's mirrors, data/mirror.h) and for its big
 * message buffers (data/buffer.c).
 *
 * Why: on this project's VMs fresh memory is slow to touch the first time (about 12 us per 4 KiB page; a
 * 2 MiB page 0.1-4.7 ms while the host backs it), and a worker touches its copies first inside the loops:
 * jacobi_2d's first time step (N = 2000) took 40-110 ms against 5 ms once warm, most of it the worker
 * faulting in its 32 MB of rows. The sequential program pays those faults in its set-up, outside its loops,
 * while the workers wait. So a waiting worker on rank 0's node follows rank 0's memory: as rank 0's set-up
 * allocates and fills its arrays, the worker faults in as many bytes of a reserve laid on 2 MiB pages, and
 * carves its copies from it (the first step then took 17-21 ms). Only what fits: the reserve is at most
 * half the node's memory over the ranks on the node (the rule of data/prefault.h), and LSC_PREFAULT=off
 * turns it off with the static arrays' prefaulting.
 *
 * The reserve is one range of address space: faulted in from its start, carved first fit from the lowest
 * address (so the faulted part goes first), blocks given back joined with their free neighbours. */
#ifndef LSC_DATA_WARM_H
#define LSC_DATA_WARM_H

#include <stdatomic.h>
#include <stddef.h>

#define LSC_WARM_BLOCK ((size_t)2 << 20)

/* Huge pages or small ones: whichever faulted in faster lately. On this project's VMs either can be the slow
 * one: memory the guest freed goes back to the host a few seconds later (virtio-balloon free page reporting,
 * in 2 MiB blocks), so a huge page often needs a block the host must back anew (5-7 ms, 330 MB/s) while small
 * pages still come from warm fragments (1.6-1.9 GB/s); once the host backs the blocks, huge pages fault at
 * 7-10 GB/s. Measured with a worker's reserve (jacobi_2d, np 2, 7 runs each, interleaved): huge pages alone
 * left the reserve at 16 of 77 MB when the first loop came in some runs, and the first time step took 54-153
 * ms (median 71); small pages alone kept pace with rank 0 and it took 12-32 ms (median 16). So the reserve
 * tries both and keeps the faster, trying the other again now and then. */
typedef struct lsc_warm_modes {
  double seconds[2]; /* the last step's time in each mode: 0 small pages, 1 huge pages; < 0 none yet */
  int steps;
} lsc_warm_modes;
#define LSC_WARM_MODES_START ((lsc_warm_modes){{-1.0, -1.0}, 0})
/* Every this many steps the slower mode is tried again: the host's state changes while a worker waits. */
#define LSC_WARM_PROBE_EVERY 8
/* The mode of the next step, pure: huge pages first, then small ones once, then the faster of the two, the
 * slower every LSC_WARM_PROBE_EVERY steps. */
int lsc_warm_mode_pick(const lsc_warm_modes *m);
/* The faster mode measured so far (huge pages until both were). */
int lsc_warm_mode_faster(const lsc_warm_modes *m);
void lsc_warm_mode_note(lsc_warm_modes *m, int mode, double seconds);

/* Reserves `most` bytes of address space (rounded down to whole blocks) under huge-page advice. 0, or -1
 * (nothing reserved: too small, or the system refused). */
int lsc_warm_begin(size_t most);
/* Faults in the next block while fewer than `want` bytes are, in the mode lsc_warm_mode_pick gives; the rest
 * of the reserve is advised the faster mode, so what no step reaches faults on first use the faster way. 1
 * when it did, 0 when there was nothing to do (enough, or the reserve's end). `stop` (NULL: none) set ends
 * the step early, inside its block, within LSC_TOUCH_CHECK bytes (data/touch.h). One thread at a time (the
 * worker's helper, exec/fault_ahead.h); lsc_warm_take and lsc_warm_faulted may run beside it. */
int lsc_warm_step(size_t want, const atomic_int *stop);
size_t lsc_warm_faulted(void);
/* A block of at least `bytes` (a multiple of LSC_WARM_BLOCK, aligned to it) from the reserve, or NULL (no
 * reserve, or no free range that large). Its bytes are what the last user left (zero when fresh). */
void *lsc_warm_take(size_t bytes);
/* Whether p lies in the reserve (it came from lsc_warm_take). */
int lsc_warm_owns(const void *p);
/* Returns a block lsc_warm_take gave (by its address: the reserve knows its size); anything else is
 * ignored. */
void lsc_warm_give(void *p);
/* Frees memory that may lie in the reserve: a block of it goes back to it, anything else to free(). The one
 * release for what a worker's copies, mirrors and message buffers hold, and for a buffer's bytes taken out
 * of it (a send kept past its buffer: exec/late_ranks.c). */
void lsc_warm_free(void *p);
/* Unmaps the reserve; blocks still taken must not be used after. */
void lsc_warm_end(void);

/* Faulted in beyond rank 0's growth, for the worker's big message buffers: fdtd_2d's worker received its
 * first 2.4 MB ASSIGN of rows into a fresh inbox, since its three copies took the whole reserve. */
#define LSC_WARM_BUFFERS ((size_t)16 << 20)
/* The bytes to fault in, pure: rank 0's anonymous memory `now` over its `base` when the worker started
 * waiting, plus LSC_WARM_BUFFERS, at most `most`; 0 when rank 0 has not grown or is unknown (negative). */
size_t lsc_warm_target(long long now, long long base, size_t most);

#endif
