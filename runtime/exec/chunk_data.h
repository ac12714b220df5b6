/* chunk_data.h - the array elements a chunk moves: inputs with ASSIGN, outputs with RESULT. Both sides walk
 * the vars in the same order and compute the same spans (data/slice.h), so only element bytes travel.
 * Small spans are copied into the message; a large span (LSC_IN_PLACE_BYTES or more, contiguous by
 * construction) is left out of it and listed instead, to travel as a message of its own straight from the
 * sender's array into the receiver's (chunk_data_io.h): copying 64 MiB into a buffer and out again cost more
 * than moving it (bench/runtime, bench-runtime's bandwidth rows). Both sides list the same spans in the same
 * order, so the messages match in order (MPI keeps the order of one sender's messages of one tag). */
#ifndef LSC_EXEC_CHUNK_DATA_H
#define LSC_EXEC_CHUNK_DATA_H

#include "data/buffer.h"
#include "exec/loop.h"

/* Spans at least this large travel in place. Below it a message of its own costs more than the copy. */
#define LSC_IN_PLACE_BYTES ((size_t)64 << 10)

/* A span of one array that travels as a message of its own. */
typedef struct lsc_piece {
  void *at;
  size_t bytes;
} lsc_piece;
/* Reused from chunk to chunk: grows, never shrinks. */
typedef struct lsc_piece_list {
  lsc_piece *items;
  size_t count, capacity;
} lsc_piece_list;
void lsc_piece_list_add(lsc_piece_list *l, void *at, size_t bytes); /* fatal when out of memory */
void lsc_piece_list_free(lsc_piece_list *l);

/* Whether v's reads are the same elements in every iteration: a WHOLE array, or an in-slice that does not
 * depend on k (a == c == 0, as `in(p[0:n])` gives). Those elements, [*first, *end) clipped to [0, extent),
 * go to each worker once per loop instance, after LOOP, instead of with every chunk. */
int lsc_var_read_once(const lsc_var *v, int64_t extent, int64_t *first, int64_t *end);

/* Inputs: the in-slice of every READ array not read once (above), and the out-slice of every WRITE array
 * without OUT_EXACT (so elements the body leaves alone come back with rank 0's values). Outputs: the
 * out-slice of every WRITE array. With `in_place` NULL every span is copied (a pipelined nest's chunks, whose
 * inputs must be the values when the chunk goes out); otherwise the large spans are listed there (cleared
 * first) instead. Unpacking copies the small spans from r and lists the large ones, to be received. */
void lsc_chunk_pack_inputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_buffer *b, lsc_piece_list *in_place);
int lsc_chunk_unpack_inputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_reader *r, lsc_piece_list *in_place);
/* Whether a large span of `busy` (a RESULT still leaving this rank's arrays) shares a byte with an input
 * span of chunk [lo, hi): slices are hulls, so a chunk's inputs may cover elements an earlier chunk wrote. */
int lsc_chunk_inputs_touch(lsc_loop *loop, int64_t lo, int64_t hi, const lsc_piece_list *busy);
void lsc_chunk_pack_outputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_buffer *b, lsc_piece_list *in_place);
int lsc_chunk_unpack_outputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_reader *r, lsc_piece_list *in_place);
/* The array bytes a chunk [lo, hi) moves both ways (its inputs with ASSIGN and its outputs with RESULT), as
 * the functions above would move them, without copying any: what a distributed run would ship, known before
 * it ships anything (exec/master_lead.h). */
int64_t lsc_chunk_bytes(lsc_loop *loop, int64_t lo, int64_t hi);
/* Faults in the pages of every array element iterations [lo, hi) write, on this rank, without changing a
 * byte (data/prefault.h): a calibration sample is then timed without its outputs' first touches. */
void lsc_chunk_outputs_populate(lsc_loop *loop, int64_t lo, int64_t hi);

#endif
