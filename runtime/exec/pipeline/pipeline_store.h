/* pipeline_store.h - a pipeline worker's bookkeeping of messages between neighbours: blocks that arrived
 * before their chunk runs (or that wait for their receiver to be known), sends still in flight, and who
 * holds the chunks that follow this worker's. Lists, since a worker holds a few chunks' worth at most. */
#ifndef LSC_EXEC_PIPELINE_STORE_H
#define LSC_EXEC_PIPELINE_STORE_H

#include "data/buffer.h"

#include <mpi.h>
#include <stdint.h>

typedef struct lsc_stored_block {
  int64_t chunk, block;
  lsc_buffer data;
  struct lsc_stored_block *next;
} lsc_stored_block;

/* FIFO per chunk: blocks of one chunk come out in the order they went in. Blocks are mostly taken in the
 * order they arrive, so puts (at the tail) and takes (near the head) stay O(1) with h = 1 too. */
typedef struct lsc_boundary_store {
  lsc_stored_block *head, *tail;
} lsc_boundary_store;

/* Takes ownership of *data (left empty). */
void lsc_boundary_store_put(lsc_boundary_store *s, int64_t chunk, int64_t block, lsc_buffer *data);
/* 1 and *data (now the caller's) when block `block` of `chunk` is there, else 0. */
int lsc_boundary_store_take(lsc_boundary_store *s, int64_t chunk, int64_t block, lsc_buffer *data);
/* The oldest block of `chunk`, any block number. */
int lsc_boundary_store_take_any(lsc_boundary_store *s, int64_t chunk, int64_t *block, lsc_buffer *data);
int lsc_boundary_store_empty(const lsc_boundary_store *s);

typedef struct lsc_outbox {
  lsc_buffer data;
  MPI_Request req;
  struct lsc_outbox *next;
} lsc_outbox;

typedef struct lsc_outbox_list {
  lsc_outbox *head;
} lsc_outbox_list;

/* Starts sending *data (ownership taken) to dest. */
void lsc_outbox_send(lsc_outbox_list *l, lsc_buffer *data, int dest, int tag);
/* Frees the sends that completed, without waiting. */
void lsc_outbox_progress(lsc_outbox_list *l);
/* Waits for every send (without spinning) and frees them. */
void lsc_outbox_finish(lsc_outbox_list *l);

typedef struct lsc_next_map {
  int64_t *at, *rank;
  size_t count, capacity;
} lsc_next_map;

/* 0, or -1 when memory runs out. */
int lsc_next_map_set(lsc_next_map *m, int64_t at, int64_t rank);
/* The rank holding the chunk that starts at `at`, or LSC_NO_RANK (-1) when not known. */
int64_t lsc_next_map_get(const lsc_next_map *m, int64_t at);
void lsc_next_map_free(lsc_next_map *m);

#endif
