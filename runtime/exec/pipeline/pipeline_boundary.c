/* pipeline_boundary.c - the values that cross from chunk to chunk at a synchronization point: for each
 * boundary cell slice (include/lsc.h), the elements rows [r0, r1) wrote in block b. Sender and receiver
 * walk the same rows, cells and pieces, so only element bytes travel. */
#include "exec/pipeline/pipeline.h"

#include "data/pack.h"

/* Row r's cells over k2 as an lsc_slice in k2: [a2*k2 + (a1*r + b), c2*k2 + (c1*r + d)). Offsets that do
 * not fit in 64 bits lie far outside every array; saturating keeps them there and lets slice.c clip. */
static int64_t saturate(__int128 v) {
  const __int128 limit = (__int128)1 << 62;
  return (int64_t)(v > limit ? limit : v < -limit ? -limit : v);
}

static lsc_slice row_cells(const lsc_cell_slice *c, int64_t r) {
  return (lsc_slice){
      c->a2, saturate((__int128)c->a1 * r + c->b), c->c2, saturate((__int128)c->c1 * r + c->d), 0, 0, 0};
}

typedef int (*span_op)(lsc_loop *loop, int var, void *io);

static int pack_op(lsc_loop *loop, int var, void *io) {
  return lsc_pack_spans(io, loop->bases[var], loop->vars[var].size, &loop->spans);
}

static int unpack_op(lsc_loop *loop, int var, void *io) {
  return lsc_unpack_spans(io, loop->bases[var], loop->vars[var].size, &loop->spans);
}

static int walk(lsc_loop *loop, const lsc_pipe_nest *nest, int64_t r0, int64_t r1, int64_t b, span_op op,
                void *io) {
  for (int64_t r = r0 < 0 ? 0 : r0; r < r1; r++) {
    int64_t lo, hi;
    if (!lsc_block_piece(&nest->grid, r, b, &lo, &hi))
      continue;
    for (int64_t i = 0; i < nest->shape.nboundary; i++) {
      const lsc_cell_slice *c = &nest->cells[i];
      lsc_slice s = row_cells(c, r);
      if (lsc_slice_union(&s, lo, hi, loop->extents[c->var], &loop->spans) != 0 || op(loop, c->var, io) != 0)
        return -1;
    }
  }
  return 0;
}

/* The sender's rows are the dependence rows that end at `end`, its chunk's end; the receiver writes them as
 * the rows before `start`, its chunk's first row. */
int lsc_boundary_message(lsc_loop *loop, const lsc_pipe_nest *nest, int64_t end, int64_t b, lsc_buffer *out) {
  lsc_pipe_boundary_head h = {end, b};
  int64_t dep = nest->shape.dep_rows;
  if (lsc_buffer_put(out, &h, sizeof h) != 0)
    return -1;
  return walk(loop, nest, end - dep, end, b, pack_op, out);
}

int lsc_boundary_apply(lsc_loop *loop, const lsc_pipe_nest *nest, int64_t start, int64_t b,
                       const lsc_buffer *message) {
  lsc_reader r = lsc_reader_of(message->data, message->len);
  lsc_read_skip(&r, sizeof(lsc_pipe_boundary_head));
  int64_t dep = nest->shape.dep_rows;
  if (walk(loop, nest, start - dep, start, b, unpack_op, &r) != 0 || r.left != 0)
    return -1;
  return 0;
}

double lsc_boundary_bytes_per_column(const lsc_var *vars, const lsc_pipe_nest *nest) {
  double bytes = 0;
  for (int64_t i = 0; i < nest->shape.nboundary; i++) {
    const lsc_cell_slice *c = &nest->cells[i];
    double width = (double)c->d - (double)c->b;
    bytes += width > 0 ? width * (double)vars[c->var].size : 0;
  }
  return bytes;
}
