/* chunk_data_io.h - the large spans of a chunk (chunk_data.h) on the wire: each as a message of its own
 * (tag LSC_TAG_SPAN, in list order, split at 1 GiB as every large message is), sent from the sender's array
 * and received into the receiver's, with no copy on either side. The requests stay in a list the caller
 * completes before it reuses the memory: the next chunk's spans on a worker, the next ASSIGN on rank 0. */
#ifndef LSC_EXEC_CHUNK_DATA_IO_H
#define LSC_EXEC_CHUNK_DATA_IO_H

#include "exec/chunk_data.h"

#include <mpi.h>
#include <stdint.h>

typedef struct lsc_request_list {
  MPI_Request *reqs;
  size_t count, capacity;
} lsc_request_list;

/* Starts the sends (receives) of every piece, adding their requests to `reqs`. Returns the bytes. */
int64_t lsc_pieces_isend(const lsc_piece_list *pieces, int dest, lsc_request_list *reqs);
int64_t lsc_pieces_irecv(const lsc_piece_list *pieces, int source, lsc_request_list *reqs);
/* The same with another tag (the data regions' PEER messages, exec/region.h). Nonblocking too. */
int64_t lsc_pieces_send_tagged(const lsc_piece_list *pieces, int dest, int tag, lsc_request_list *reqs);
int64_t lsc_pieces_recv_tagged(const lsc_piece_list *pieces, int source, int tag, lsc_request_list *reqs);
/* Completes every request of the list (without spinning a core) and empties it. */
void lsc_requests_wait(lsc_request_list *reqs);
/* Tests every request of the list without waiting: 1 and the list emptied when all are complete (an empty
 * list is), else 0. `peer` names the rank in the error message should a request fail. */
int lsc_requests_done(lsc_request_list *reqs, int peer);
/* Adds one request slot and returns it (for a message sent along with the pieces). */
MPI_Request *lsc_requests_add(lsc_request_list *reqs);
void lsc_requests_free(lsc_request_list *reqs);

#endif
