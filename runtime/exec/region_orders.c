/* region_orders.c - ORDER messages being built and in flight (region.h): whoever keeps a directory (rank 0
 * for the ranks, a sub-master for its group, region_group.c) builds one ORDER per holder while it walks a
 * chunk's footprint, sends them all before the ASSIGN that needs their bytes, and keeps each message's buffer
 * until its send completes. The holder sends each range to the ORDER's dest as PEER messages, in order. */
#include "exec/region.h"

#include "fatal.h"
#include "state.h"
#include "transport/transport.h"

#include <stdlib.h>
#include <string.h>

typedef struct lsc_order_pending {
  lsc_buffer msg;
  MPI_Request req;
} lsc_order_pending;

static void put(lsc_buffer *b, const void *p, size_t n) {
  if (lsc_buffer_put(b, p, n) != 0)
    lsc_fatal("rank %d: out of memory for a data region's orders", lsc_rt.rank);
}

static lsc_buffer *order_for(lsc_order_outbox *o, int holder) {
  size_t need = (size_t)lsc_rt.size;
  if (o->nranks < need) {
    lsc_buffer *grown = realloc(o->orders, need * sizeof *grown);
    if (!grown)
      lsc_fatal("rank %d: out of memory for a data region's orders", lsc_rt.rank);
    memset(grown + o->nranks, 0, (need - o->nranks) * sizeof *grown);
    o->orders = grown;
    o->nranks = need;
  }
  return &o->orders[holder];
}

void lsc_orders_add(lsc_order_outbox *o, int holder, int dest, uint64_t key, uint64_t bytes, uint64_t lo,
                    uint64_t hi) {
  lsc_buffer *b = order_for(o, holder);
  if (b->len == 0) {
    int64_t head[2] = {dest, 0};
    put(b, head, sizeof head);
  }
  lsc_wire_range w = {key, bytes, lo, hi};
  put(b, &w, sizeof w);
  int64_t count;
  memcpy(&count, b->data + sizeof(int64_t), sizeof count);
  count++;
  memcpy(b->data + sizeof(int64_t), &count, sizeof count);
}

static lsc_order_pending *free_send(lsc_order_outbox *o) {
  for (size_t i = 0; i < o->nsends; i++) {
    int done = o->sends[i].req == MPI_REQUEST_NULL;
    if (!done)
      MPI_Test(&o->sends[i].req, &done, MPI_STATUS_IGNORE);
    if (done)
      return &o->sends[i];
  }
  if (o->nsends == o->sends_cap) {
    size_t cap = o->sends_cap ? 2 * o->sends_cap : 8;
    lsc_order_pending *grown = realloc(o->sends, cap * sizeof *grown);
    if (!grown)
      lsc_fatal("rank %d: out of memory for a data region's orders", lsc_rt.rank);
    o->sends = grown;
    o->sends_cap = cap;
  }
  o->sends[o->nsends] = (lsc_order_pending){{0}, MPI_REQUEST_NULL};
  return &o->sends[o->nsends++];
}

void lsc_orders_send(lsc_order_outbox *o) {
  for (size_t r = 0; r < o->nranks; r++) {
    if (o->orders[r].len == 0)
      continue;
    lsc_order_pending *p = free_send(o);
    lsc_buffer spare = p->msg; /* the buffers swap: the built one into flight, a finished one back */
    p->msg = o->orders[r];
    spare.len = 0;
    o->orders[r] = spare;
    lsc_tp_isend(p->msg.data, p->msg.len, (int)r, LSC_TAG_ORDER, &p->req);
  }
}

void lsc_orders_wait(lsc_order_outbox *o) {
  for (size_t i = 0; i < o->nsends; i++)
    if (o->sends[i].req != MPI_REQUEST_NULL)
      lsc_tp_wait(&o->sends[i].req);
}

void lsc_orders_free(lsc_order_outbox *o) {
  lsc_orders_wait(o);
  for (size_t i = 0; i < o->nranks; i++)
    lsc_buffer_free(&o->orders[i]);
  for (size_t i = 0; i < o->nsends; i++)
    lsc_buffer_free(&o->sends[i].msg);
  free(o->orders);
  free(o->sends);
  *o = (lsc_order_outbox){0};
}
