/* chunk_data.h - the array elements a chunk moves: inputs with ASSIGN, outputs with RESULT. Both sides walk
 * the vars in the same order and compute the same spans (data/slice.h), so only element bytes travel. */
#ifndef LSC_EXEC_CHUNK_DATA_H
#define LSC_EXEC_CHUNK_DATA_H

#include "data/buffer.h"
#include "exec/loop.h"

/* Whether v's reads are the same elements in every iteration: a WHOLE array, or an in-slice that does not
 * depend on k (a == c == 0, as `in(p[0:n])` gives). Those elements, [*first, *end) clipped to [0, extent),
 * go to each worker once per loop instance, after LOOP, instead of with every chunk. */
int lsc_var_read_once(const lsc_var *v, int64_t extent, int64_t *first, int64_t *end);

/* Inputs: the in-slice of every READ array not read once (above), and the out-slice of every WRITE array
 * without OUT_EXACT (so elements the body leaves alone come back with rank 0's values). */
void lsc_chunk_pack_inputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_buffer *b);
int lsc_chunk_unpack_inputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_reader *r);
/* Outputs: the out-slice of every WRITE array. */
void lsc_chunk_pack_outputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_buffer *b);
int lsc_chunk_unpack_outputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_reader *r);

#endif
