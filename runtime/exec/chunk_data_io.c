/* chunk_data_io.c - large spans as messages of their own (chunk_data_io.h): the transport's large sends and
 * receives, one request list per peer. */
#include "exec/chunk_data_io.h"

#include "fatal.h"
#include "transport/transport.h"

#include <stdlib.h>

static MPI_Request *room(lsc_request_list *l, size_t more) {
  if (l->count + more > l->capacity) {
    size_t cap = l->capacity ? l->capacity : 8;
    while (cap < l->count + more)
      cap *= 2;
    MPI_Request *grown = realloc(l->reqs, cap * sizeof *grown);
    if (!grown)
      lsc_fatal("out of memory for the requests of a chunk's transfers");
    l->reqs = grown;
    l->capacity = cap;
  }
  MPI_Request *at = l->reqs + l->count;
  l->count += more;
  return at;
}

MPI_Request *lsc_requests_add(lsc_request_list *reqs) {
  MPI_Request *at = room(reqs, 1);
  *at = MPI_REQUEST_NULL;
  return at;
}

int64_t lsc_pieces_send_tagged(const lsc_piece_list *pieces, int dest, int tag, lsc_request_list *reqs) {
  int64_t bytes = 0;
  for (size_t i = 0; i < pieces->count; i++) {
    const lsc_piece *p = &pieces->items[i];
    lsc_tp_isend_large(p->at, p->bytes, dest, tag, room(reqs, lsc_tp_pieces(p->bytes)));
    bytes += (int64_t)p->bytes;
  }
  return bytes;
}

int64_t lsc_pieces_recv_tagged(const lsc_piece_list *pieces, int source, int tag, lsc_request_list *reqs) {
  int64_t bytes = 0;
  for (size_t i = 0; i < pieces->count; i++) {
    const lsc_piece *p = &pieces->items[i];
    lsc_tp_irecv_large(p->at, p->bytes, source, tag, room(reqs, lsc_tp_pieces(p->bytes)));
    bytes += (int64_t)p->bytes;
  }
  return bytes;
}

int64_t lsc_pieces_isend(const lsc_piece_list *pieces, int dest, lsc_request_list *reqs) {
  return lsc_pieces_send_tagged(pieces, dest, LSC_TAG_SPAN, reqs);
}

int64_t lsc_pieces_irecv(const lsc_piece_list *pieces, int source, lsc_request_list *reqs) {
  return lsc_pieces_recv_tagged(pieces, source, LSC_TAG_SPAN, reqs);
}

void lsc_requests_wait(lsc_request_list *reqs) {
  lsc_tp_wait_all(reqs->reqs, reqs->count);
  reqs->count = 0;
}

int lsc_requests_done(lsc_request_list *reqs, int peer) {
  int done = 0;
  lsc_tp_check(MPI_Testall((int)reqs->count, reqs->reqs, &done, MPI_STATUSES_IGNORE), "MPI_Testall", peer);
  if (done)
    reqs->count = 0;
  return done;
}

void lsc_requests_free(lsc_request_list *reqs) {
  free(reqs->reqs);
  *reqs = (lsc_request_list){0};
}
