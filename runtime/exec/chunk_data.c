/* chunk_data.c - packs and unpacks a chunk's array elements (chunk_data.h), span by span of each var's
 * slice union (the union of its list of slices, data/slice.h); large spans are listed to travel in place
 * instead of copied. */
#include "exec/chunk_data.h"

#include "data/prefault.h"

#include "data/pack.h"
#include "fatal.h"

#include <limits.h>
#include <stdlib.h>

void lsc_piece_list_free(lsc_piece_list *l) {
  free(l->items);
  *l = (lsc_piece_list){0};
}

static int is_large(const lsc_span *s, size_t elem) {
  return (size_t)(s->end - s->start) * elem >= LSC_IN_PLACE_BYTES;
}

void lsc_piece_list_add(lsc_piece_list *l, void *at, size_t bytes) {
  if (l->count == l->capacity) {
    size_t cap = l->capacity ? l->capacity * 2 : 8;
    lsc_piece *grown = realloc(l->items, cap * sizeof *grown);
    if (!grown)
      lsc_fatal("out of memory listing the spans of a chunk");
    l->items = grown;
    l->capacity = cap;
  }
  l->items[l->count++] = (lsc_piece){at, bytes};
}

/* Moves the large spans of loop->spans to `in_place` (when not NULL), leaving the small ones to copy. */
static void take_large(lsc_loop *loop, int var, lsc_piece_list *in_place) {
  if (!in_place)
    return;
  size_t elem = loop->vars[var].size, kept = 0;
  for (size_t i = 0; i < loop->spans.count; i++) {
    const lsc_span *s = &loop->spans.spans[i];
    if (is_large(s, elem))
      lsc_piece_list_add(in_place, (char *)loop->bases[var] + (size_t)s->start * elem,
                         (size_t)(s->end - s->start) * elem);
    else
      loop->spans.spans[kept++] = *s;
  }
  loop->spans.count = kept;
}

static int is_array(const lsc_var *v, unsigned flag) {
  return v->kind == LSC_VAR_ARRAY && (v->flags & flag);
}
int lsc_var_read_once(const lsc_var *v, int64_t extent, int64_t *first, int64_t *end) {
  if (!is_array(v, LSC_VAR_READ))
    return 0;
  if (v->flags & LSC_VAR_WHOLE) {
    *first = 0;
    *end = extent;
    return 1;
  }
  if (v->in.a != 0 || v->in.c != 0 || v->in.stride != 0 || v->nin_more != 0)
    return 0; /* only a single range without k travels once */
  *first = v->in.b < 0 ? 0 : v->in.b > extent ? extent : v->in.b;
  *end = v->in.d < *first ? *first : v->in.d > extent ? extent : v->in.d;
  return 1;
}

/* A var a data region holds moves by its directory instead (exec/region.h). */
static int held(const lsc_loop *loop, int var) {
  return loop->held && loop->held[var];
}

static int moves_in(const lsc_loop *loop, int var) {
  int64_t first, end;
  return !held(loop, var) && is_array(&loop->vars[var], LSC_VAR_READ) &&
         !lsc_var_read_once(&loop->vars[var], loop->extents[var], &first, &end);
}
static int moves_out_first(const lsc_var *v) {
  return is_array(v, LSC_VAR_WRITE) && !(v->flags & LSC_VAR_OUT_EXACT);
}

/* The footprint in one direction is the slice s and the var's further slices of that direction. */
static void spans_of(lsc_loop *loop, int var, const lsc_slice *s, int64_t lo, int64_t hi) {
  const lsc_var *v = &loop->vars[var];
  int in = s == &v->in;
  if (lsc_slice_list_union(s, in ? v->in_more : v->out_more, in ? v->nin_more : v->nout_more, lo, hi,
                           loop->extents[var], &loop->spans) != 0)
    lsc_fatal("out of memory computing the slices of '%s'",
              loop->vars[var].name ? loop->vars[var].name : "?");
}

/* MPI counts a message's bytes in an int: a chunk whose data would pass 2 GiB is refused before anything is
 * copied, naming the loop and a chunk size that fits (the transport refuses any other message that large). */
static void check_size(const lsc_loop *loop, int var, int64_t lo, int64_t hi, const lsc_buffer *b) {
  size_t bytes = 0, size = loop->vars[var].size;
  for (size_t i = 0; i < loop->spans.count; i++)
    bytes += (size_t)(loop->spans.spans[i].end - loop->spans.spans[i].start) * size;
  if (b->len + bytes <= INT_MAX)
    return;
  double per_iteration = (double)(b->len + bytes) / (double)(hi - lo);
  long long fits = (long long)((double)INT_MAX / per_iteration);
  const lsc_site *site = loop->site;
  lsc_fatal(
      "%s:%d: a chunk of %lld iterations needs a message of more than %zu bytes ('%s' and the arrays "
      "before it), beyond MPI's limit of %d bytes (2 GiB); make the chunks smaller: a chunk size in the "
      "schedule, schedule(css(K)) in the pragma or LSC_SCHEDULE='css(K)', with K at most %lld here, or "
      "a scheme whose chunks shrink (LSC_SCHEDULE=fss or tss)",
      site->file ? site->file : "?", site->line, (long long)(hi - lo), b->len + bytes,
      loop->vars[var].name ? loop->vars[var].name : "?", INT_MAX, fits > 1 ? fits : 1);
}

static void pack(lsc_loop *loop, int var, const lsc_slice *s, int64_t lo, int64_t hi, lsc_buffer *b,
                 lsc_piece_list *in_place) {
  spans_of(loop, var, s, lo, hi);
  take_large(loop, var, in_place);
  check_size(loop, var, lo, hi, b);
  if (lsc_pack_spans(b, loop->bases[var], loop->vars[var].size, &loop->spans) != 0)
    lsc_fatal("out of memory packing a chunk of '%s'", loop->vars[var].name ? loop->vars[var].name : "?");
}

static int unpack(lsc_loop *loop, int var, const lsc_slice *s, int64_t lo, int64_t hi, lsc_reader *r,
                  lsc_piece_list *in_place) {
  spans_of(loop, var, s, lo, hi);
  take_large(loop, var, in_place);
  return lsc_unpack_spans(r, loop->bases[var], loop->vars[var].size, &loop->spans);
}

void lsc_chunk_pack_inputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_buffer *b, lsc_piece_list *in_place) {
  if (in_place)
    in_place->count = 0;
  for (int i = 0; i < loop->nvars; i++) {
    if (moves_in(loop, i))
      pack(loop, i, &loop->vars[i].in, lo, hi, b, in_place);
    if ((!held(loop, i) && moves_out_first(&loop->vars[i])))
      pack(loop, i, &loop->vars[i].out, lo, hi, b, in_place);
  }
}

int lsc_chunk_unpack_inputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_reader *r, lsc_piece_list *in_place) {
  if (in_place)
    in_place->count = 0;
  for (int i = 0; i < loop->nvars; i++) {
    if (moves_in(loop, i) && unpack(loop, i, &loop->vars[i].in, lo, hi, r, in_place) != 0)
      return -1;
    if ((!held(loop, i) && moves_out_first(&loop->vars[i])) &&
        unpack(loop, i, &loop->vars[i].out, lo, hi, r, in_place) != 0)
      return -1;
  }
  return 0;
}

static int spans_touch(const lsc_loop *loop, int var, const lsc_piece_list *busy) {
  const char *base = loop->bases[var];
  size_t elem = loop->vars[var].size;
  for (size_t i = 0; i < loop->spans.count; i++) {
    const char *from = base + (size_t)loop->spans.spans[i].start * elem;
    const char *to = base + (size_t)loop->spans.spans[i].end * elem;
    for (size_t j = 0; j < busy->count; j++) {
      const char *at = busy->items[j].at;
      if (from < at + busy->items[j].bytes && at < to)
        return 1;
    }
  }
  return 0;
}

int lsc_chunk_inputs_touch(lsc_loop *loop, int64_t lo, int64_t hi, const lsc_piece_list *busy) {
  if (busy->count == 0)
    return 0;
  for (int i = 0; i < loop->nvars; i++) {
    if (moves_in(loop, i)) {
      spans_of(loop, i, &loop->vars[i].in, lo, hi);
      if (spans_touch(loop, i, busy))
        return 1;
    }
    if ((!held(loop, i) && moves_out_first(&loop->vars[i]))) {
      spans_of(loop, i, &loop->vars[i].out, lo, hi);
      if (spans_touch(loop, i, busy))
        return 1;
    }
  }
  return 0;
}

void lsc_chunk_pack_outputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_buffer *b, lsc_piece_list *in_place) {
  if (in_place)
    in_place->count = 0;
  for (int i = 0; i < loop->nvars; i++)
    if (!held(loop, i) && is_array(&loop->vars[i], LSC_VAR_WRITE))
      pack(loop, i, &loop->vars[i].out, lo, hi, b, in_place);
}

int lsc_chunk_unpack_outputs(lsc_loop *loop, int64_t lo, int64_t hi, lsc_reader *r,
                             lsc_piece_list *in_place) {
  if (in_place)
    in_place->count = 0;
  for (int i = 0; i < loop->nvars; i++)
    if (!held(loop, i) && is_array(&loop->vars[i], LSC_VAR_WRITE) &&
        unpack(loop, i, &loop->vars[i].out, lo, hi, r, in_place) != 0)
      return -1;
  return 0;
}

/* The same spans pack and unpack walk, counted instead of copied. */
static int64_t span_bytes(lsc_loop *loop, int var, const lsc_slice *s, int64_t lo, int64_t hi) {
  spans_of(loop, var, s, lo, hi);
  return lsc_span_list_elements(&loop->spans) * (int64_t)loop->vars[var].size;
}

int64_t lsc_chunk_bytes(lsc_loop *loop, int64_t lo, int64_t hi) {
  int64_t bytes = 0;
  for (int i = 0; i < loop->nvars; i++) {
    const lsc_var *v = &loop->vars[i];
    if (moves_in(loop, i))
      bytes += span_bytes(loop, i, &v->in, lo, hi);
    if (!held(loop, i) && moves_out_first(v))
      bytes += span_bytes(loop, i, &v->out, lo, hi);
    if (!held(loop, i) && is_array(v, LSC_VAR_WRITE))
      bytes += span_bytes(loop, i, &v->out, lo, hi);
  }
  return bytes;
}

void lsc_chunk_outputs_populate(lsc_loop *loop, int64_t lo, int64_t hi) {
  for (int i = 0; i < loop->nvars; i++) {
    if (!is_array(&loop->vars[i], LSC_VAR_WRITE) || !loop->bases[i])
      continue;
    spans_of(loop, i, &loop->vars[i].out, lo, hi);
    size_t size = loop->vars[i].size;
    for (size_t k = 0; k < loop->spans.count; k++)
      lsc_prefault_range((char *)loop->bases[i] + (size_t)loop->spans.spans[k].start * size,
                         (size_t)(loop->spans.spans[k].end - loop->spans.spans[k].start) * size);
  }
}
