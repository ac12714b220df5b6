/* chunk_data.h - the array elements a chunk moves: inputs with ASSIGN, outputs with RESULT. Both sides walk
 * the vars in the same order and compute the same spans (data/slice.h), so only element bytes travel. */
#ifndef LSC_EXEC_CHUNK_DATA_H
#define LSC_EXEC_CHUNK_DATA_H

#include "data/buffer.h"
#include "exec/loop.h"

/* Inputs: the in-slice of every READ array that is not WHOLE, and the out-slice of every WRITE array without
 * OUT_EXACT (so elements the body leaves alone come back with rank 0's values). */
void lsc_chunk_pack_inputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_buffer *b);
int lsc_chunk_unpack_inputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_reader *r);
/* Outputs: the out-slice of every WRITE array. */
void lsc_chunk_pack_outputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_buffer *b);
int lsc_chunk_unpack_outputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_reader *r);

#endif
