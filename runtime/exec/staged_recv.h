/* staged_recv.h - receives into a process's own memory through staging slots in huge pages, then memcpy.
 *
 * Why not straight into the destination, as every other receive does: on this project's VMs (PVM guests)
 * the kernel's first write into a 4 KiB page of a process costs about 6 us, however often the process's own
 * code wrote that page before, and only the first (measured: read() from /dev/zero and process_vm_readv
 * alike, 0.7 GB/s the first time into a 16 MB buffer, 14-19 GB/s after). A receive over shared memory is such
 * a write: Open MPI's single-copy path (CMA) copies with process_vm_readv into the receiver's pages. A data
 * region's end brings home rows that rank 0's memory never received (the workers computed them): jacobi_2d's
 * 2 x 16 MB took 40 ms. A staging slot lives in 2 MiB pages, where that first write is cheap, and the copy
 * out is user code, which does not pay it: the same bytes then arrive at several GB/s whatever the
 * destination's history, for one memcpy more. */
#ifndef LSC_EXEC_STAGED_RECV_H
#define LSC_EXEC_STAGED_RECV_H

#include <stddef.h>
#include <stdint.h>

/* A slot's size, and so the largest piece: a caller cuts longer ranges (one message each). */
#define LSC_STAGE_SLOT_BYTES ((size_t)1 << 20)

typedef struct lsc_staged_piece {
  void *dest;
  size_t bytes; /* at most LSC_STAGE_SLOT_BYTES */
  int source;
} lsc_staged_piece;

/* Receives each piece from its source with `tag` and copies it to its destination; returns the bytes. The
 * receives are posted in list order, so the pieces of one source must be listed in the order it sends
 * them, and no other receive from that source with that tag may be pending meanwhile. Consecutive pieces
 * share a slot up to its size; four slots are in flight at a time. */
int64_t lsc_staged_recv(const lsc_staged_piece *pieces, size_t n, int tag);

#endif
