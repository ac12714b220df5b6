/* array_slices.c - what an array moves per iteration: from its accesses (inferred) or from its in/out/inout
 * clauses (given), the in and out footprints, whether it is read whole, whether every element of a chunk's
 * out slice is written (OUT_EXACT). Refuses writes lsc cannot bound and out slices that overlap. */
#define _XOPEN_SOURCE 700
#include "analyse/array_slices.h"
#include "analyse/array_reduction.h"
#include "analyse/atoms.h"
#include "analyse/doall_depend.h"
#include "analyse/footprint.h"
#include "analyse/report.h"
#include "analyse/slice_lists.h"
#include "analyse/subscripts.h"
#include "support/section_expr.h"

#include <stdlib.h>
#include <string.h>

/* An access inside an inner loop that C's types left without a range: say why, next to the error. */
static void typed_inner_note(analysis *an, const access_rec *a) {
  if (an->typed_inner_why && a->offset >= an->typed_inner_begin && a->offset < an->typed_inner_end)
    an_note(an, an->typed_inner_at, "%s", an->typed_inner_why);
}

/* Rule mode joins footprints that do not form one range into the whole rows they lie in (subscript 0). */
static int join_rows(const access_rec *a, footprint *rows, int *have) {
  if (!a->has_dims || !a->dim_shape[0].has_footprint)
    return 0;
  if (!*have) {
    *rows = a->dim_shape[0].fp;
    *have = 1;
    return 1;
  }
  return hull(rows, &a->dim_shape[0].fp);
}

/* The writes' footprints, joined: natural (from the loop's bounds), clipped (to the dimensions the rule
 * bounds), and the rows they lie in. */
typedef struct out_hulls {
  int have, natural_ok, clipped_ok, any_clipped, rows_ok, have_rows;
  footprint natural, clipped, rows;
} out_hulls;

static int join_write(out_hulls *o, const access_rec *a, const footprint *clipped, int rule) {
  o->rows_ok = o->rows_ok && rule && join_rows(a, &o->rows, &o->have_rows);
  if (!o->have) {
    o->natural = a->shape.fp;
    o->clipped = *clipped;
    o->have = 1;
    return 1;
  }
  o->natural_ok = o->natural_ok && hull(&o->natural, &a->shape.fp);
  o->clipped_ok = o->clipped_ok && hull(&o->clipped, clipped);
  return o->natural_ok || o->clipped_ok || o->rows_ok;
}

/* The out slice: the natural one when no two iterations' ranges meet; else, by the rule, the clipped one
 * or whole rows, when the rows of different iterations do not meet. 0 when none is safe. */
static int choose_out(const analysis *an, const body_var *v, out_hulls *o, footprint *out, int *exact,
                      int *used) {
  if (o->natural_ok && footprints_disjoint(&o->natural, &o->natural, an->trips)) {
    *out = o->natural;
    return 1;
  }
  if (o->any_clipped)
    *exact = 0;
  if (o->clipped_ok && footprints_disjoint(&o->clipped, &o->clipped, an->trips)) {
    *out = o->clipped;
    *used |= o->any_clipped;
    return 1;
  }
  /* Each iteration's writes stay in rows that no other iteration writes, and chunks of consecutive
   * iterations in rows that no other chunk writes. */
  if (!o->rows_ok || !o->have_rows || !footprints_disjoint(&o->rows, &o->rows, an->trips))
    return 0;
  *used = 1;
  if (o->clipped_ok) {
    *out = o->clipped;
    return 1;
  }
  *exact = 0;
  return rows_footprint(v, &o->rows, out);
}

/* One attempt at v's slices; rule: may rest on the in-bounds rule (see inferred_array). Sets *used when the
 * result does. */
static void slices(analysis *an, body_var *v, int vi, int rule, int *used) {
  int reads = 0, writes = 0, whole = 0, exact = !an->has_jumps, have_in = 0;
  int have_in_rows = 0, in_rows_ok = 1, in_by_rows = 0;
  footprint in_rows;
  out_hulls o;
  memset(&o, 0, sizeof o);
  o.natural_ok = o.clipped_ok = o.rows_ok = 1;
  const access_rec *first_write = NULL;
  for (size_t i = 0; i < an->naccesses; i++) {
    access_rec *a = &an->accesses[i];
    if (a->var != vi)
      continue;
    shape_access(an, a);
    a->has_dims = a->clipped = 0;
    footprint clipped;
    if (rule && rule_shape_access(an, v, a, &clipped))
      o.any_clipped = a->clipped = 1;
    else
      clipped = a->shape.fp;
    if (a->mode & MODE_WRITE) {
      writes = 1;
      if (!a->affine && an->pipeline) {
        an_error(an, a->offset,
                 "cannot tell which elements of '%s' this write touches (the subscript is not affine in the "
                 "nest's loop variables); a pipelined nest needs exact subscripts",
                 v->name);
        typed_inner_note(an, a);
        return;
      }
      if (!a->affine) {
        an_error(
            an, a->offset,
            "cannot tell which elements of '%s' this write touches (the subscript is not affine in '%s'); "
            "give them with an 'out(%s[lo:len])' clause",
            v->name, an->h.iv_name, v->name);
        typed_inner_note(an, a);
        array_reduction_hint(an, v);
        return;
      }
      if (!join_write(&o, a, &clipped, rule)) {
        if (!rule || !first_write) {
          an_error(an, a->offset,
                   "the writes to '%s' do not form one range per iteration; give them with an "
                   "'out(%s[lo:len])' clause",
                   v->name, v->name);
          return;
        }
        /* Rows do not help either (a row and a column): no section of one range per iteration exists. */
        an_error(an, a->offset,
                 "the writes to '%s' do not form one range per iteration, nor lie in rows of their own, nor "
                 "in at most %d slices (ranges, or columns) that hold only elements the iteration may write; "
                 "split the loop into loops that each write one range or column",
                 v->name, 1 + LSC_MORE_SLICES);
        char *here = access_spelling(an, v, a), *there = access_spelling(an, v, first_write);
        if (here && there)
          an_note(an, first_write->offset, "'%s' and '%s' are written in the same iteration", there, here);
        free(here);
        free(there);
        return;
      }
      exact = exact && a->mode == MODE_WRITE && !a->partial_write && !a->conditional && is_dense(an, a) &&
              (!first_write || poly_equal(&first_write->shape.index, &a->shape.index));
      if (!first_write)
        first_write = a;
    }
    if (a->mode & MODE_READ) {
      reads = 1;
      in_rows_ok = in_rows_ok && rule && join_rows(a, &in_rows, &have_in_rows);
      if (!a->affine || (have_in && !in_by_rows && !hull(&v->in, &a->shape.fp))) {
        if (a->affine && in_rows_ok)
          in_by_rows = 1;
        else
          whole = 1;
      } else if (!have_in) {
        v->in = a->shape.fp;
        have_in = 1;
      }
    }
  }
  int out_ok = !writes || choose_out(an, v, &o, &v->out, &exact, used);
  /* Reads that do not form one range per iteration, in rows that do: the rows move. */
  if (in_by_rows && !whole) {
    if (in_rows_ok && rows_footprint(v, &in_rows, &v->in))
      *used = 1;
    else
      whole = 1;
  }
  /* OUT_EXACT promises every element of a chunk's out slice is written. The slice of a chunk spans its
   * iterations, so consecutive iterations' footprints must also abut: no strided holes, no triangles. */
  if (exact && writes && out_ok) {
    poly width = poly_sub(&v->out.hi_b, &v->out.lo_b), back = poly_scale(&v->out.lo_a, -1);
    exact = poly_equal(&v->out.lo_a, &v->out.hi_a) &&
            (poly_equal(&width, &v->out.lo_a) || poly_equal(&width, &back));
  }
  /* The same elements for every iteration: send them once per loop rather than with every chunk. A pointer
   * read from element 0 on (x[j] for j in [0, n)) has at least that many elements: its extent for the loop.
   */
  poly zero = poly_const(0);
  int fixed = have_in && !whole && poly_equal(&v->in.lo_a, &zero) && poly_equal(&v->in.hi_a, &zero);
  if (fixed && !v->extent_known && poly_equal(&v->in.lo_b, &zero) && !writes) {
    v->extent = v->in.hi_b;
    v->extent_known = 1;
  }
  if (fixed && v->extent_known)
    whole = 1;
  if (whole && !v->extent_known) {
    for (size_t i = 0; i < an->naccesses; i++) {
      if (an->accesses[i].var == vi && (an->accesses[i].mode & MODE_READ) && !an->accesses[i].affine) {
        an_error(
            an, an->accesses[i].offset,
            "cannot tell which elements of '%s' are read here and its size is unknown; give them with an "
            "'in(%s[0:len])' clause (a section that does not depend on '%s' is sent once per loop)",
            v->name, v->name, an->h.iv_name);
        return;
      }
    }
    /* Reads that cover no one range, of an array of unknown size: a few slices may (a[i] and a[3*i + 3]). */
    if (!reads_as_list(an, v, vi)) {
      size_t at = an->accesses[0].offset;
      for (size_t i = an->naccesses; i-- > 0;)
        if (an->accesses[i].var == vi && (an->accesses[i].mode & MODE_READ))
          at = an->accesses[i].offset;
      an_error(
          an, at,
          "the reads of '%s' do not form one range per iteration, nor at most %d slices, and its size is "
          "unknown; give the elements each iteration reads with an 'in(%s[lo:len])' clause",
          v->name, 1 + LSC_MORE_SLICES, v->name);
      return;
    }
    whole = 0;
  }
  /* A pipelined nest's dependences are distance vectors, found by nest_depend.c. */
  if (writes && !an->pipeline && check_dependences(an, v, vi, rule, used) != 0)
    return;
  /* The runtime returns each chunk's writes as one range, holes included: two ranges that interleave
   * (a[2*i] and a[2*i+3]) would carry stale holes over another chunk's results. */
  if (!out_ok) {
    if (an->pipeline)
      an_error(an, first_write->offset,
               "different rows of the nest write common elements of '%s', or elements that interleave; lsc "
               "returns each row's writes as one range",
               v->name);
    else
      an_error(
          an, first_write->offset,
          "the elements of '%s' that different iterations write interleave, and lsc finds no slices (ranges, "
          "or columns) that hold only elements the iteration may write; write each column from a loop "
          "over consecutive rows (skip rows with an 'if'), or split the loop into loops that each write "
          "one range or column per iteration",
          v->name);
    return;
  }
  v->flags = (reads ? LSC_VAR_READ : 0) | (writes ? LSC_VAR_WRITE : 0) | (whole ? LSC_VAR_WHOLE : 0) |
             (writes && exact ? LSC_VAR_OUT_EXACT : 0);
}

/* As a union of slices (slice_lists.c), after the single-range attempts failed with their messages after
 * `mark`. Returns 1 when it succeeded (those messages dropped); 0 when it refused with the dependence test's
 * messages in their place; -1 when the accesses have no such slices (the earlier messages stand, v as
 * `refused` left it). */
static int try_union(analysis *an, body_var *v, int vi, const body_var *before, diag_mark mark, int *used) {
  body_var refused = *v;
  diag_mark own = diag_sink_mark(an->sink);
  an->failed = 0;
  *v = *before;
  *used = 0;
  int rc = union_slices(an, v, vi, used);
  if (rc == 0 && !an->failed) {
    diag_sink_rollback(an->sink, mark);
    return 1;
  }
  if (rc == -2) {
    /* The dependence test's messages name the conflict better than the attempts before; the sink only
     * truncates, so the test runs again after the earlier messages are dropped. */
    diag_sink_rollback(an->sink, mark);
    *v = *before;
    union_slices(an, v, vi, used);
    an->failed = 1;
    return 0;
  }
  diag_sink_rollback(an->sink, own);
  *v = refused;
  an->failed = 1;
  return -1;
}

/* First without the in-bounds rule; when that fails for an array of arrays, again with it (subscripts.c),
 * and the first attempt's messages are dropped; when that fails too, as a union of slices (try_union). The
 * rule's proof is remarked and checked at run time on request (plan.c). Reads whose hull is much more than
 * they touch are then narrowed to slices. */
void inferred_array(analysis *an, body_var *v, int vi) {
  body_var before = *v;
  diag_mark mark = diag_sink_mark(an->sink);
  int failed = an->failed, used = 0;
  slices(an, v, vi, 0, &used);
  if (!an->failed) {
    narrow_reads(an, v, vi);
    return;
  }
  if (failed || an->pipeline)
    return;
  if (v->ndims >= 2) {
    diag_sink_rollback(an->sink, mark);
    an->failed = 0;
    *v = before;
    slices(an, v, vi, 1, &used);
  }
  if (!an->failed)
    narrow_reads(an, v, vi);
  else if (try_union(an, v, vi, &before, mark, &used) != 1)
    return;
  if (!used)
    return;
  /* Rows apart, and every subscript after the first proved inside its dimension: no rule needed. */
  v->inbounds_rule = 2;
  for (size_t i = 0; i < an->naccesses; i++)
    if (an->accesses[i].var == vi && an->accesses[i].outside)
      v->inbounds_rule = 1;
  if (v->inbounds_rule == 1)
    spell_dimensions(an, v);
}

static int section_atom(const char *name, void *ctx) {
  analysis *an = ctx;
  if (strcmp(name, an->h.iv_name) == 0)
    return an->iv_atom;
  return atom_add(an, ATOM_TEXT, name, -1);
}

static int section_poly(analysis *an, const clause_item *item, const char *text, text_pos pos, poly *out) {
  if (section_expr_parse(text, section_atom, an, out) == 0)
    return 0;
  if (section_expr_mentions(text, an->h.iv_name)) {
    diag_at(
        an->sink, DIAG_ERROR, an->sf, pos.line, pos.col,
        "the section of '%s' must be affine in '%s' (sums and products of '%s' with loop-invariant values)",
        item->name, an->h.iv_name, an->h.iv_name);
    an->failed = 1;
    return -1;
  }
  *out = poly_atom(atom_add(an, ATOM_TEXT, text, -1));
  return 0;
}

/* a[lo0:len0][lo1:len1]...: the flattened range from the first to the last element named. */
static int clause_footprint(analysis *an, body_var *v, const clause_item *item, footprint *fp) {
  if (item->nsections != v->ndims) {
    diag_at(an->sink, DIAG_ERROR, an->sf, item->pos.line, item->pos.col,
            "'%s' has %d dimension%s; its section needs %d '[lo:len]'", v->name, v->ndims,
            v->ndims == 1 ? "" : "s", v->ndims);
    an->failed = 1;
    return -1;
  }
  poly first = poly_const(0), last = poly_const(0), one = poly_const(1);
  for (int d = 0; d < item->nsections; d++) {
    poly lo, len;
    if (section_poly(an, item, item->sections[d].lo, item->sections[d].pos, &lo) != 0 ||
        section_poly(an, item, item->sections[d].len, item->sections[d].pos, &len) != 0)
      return -1;
    poly end = poly_add(&lo, &len);
    end = poly_sub(&end, &one);
    if (d > 0) {
      first = poly_mul(&first, &v->dims[d]);
      last = poly_mul(&last, &v->dims[d]);
    }
    first = poly_add(&first, &lo);
    last = poly_add(&last, &end);
  }
  if (!footprint_from_range(an, &first, &last, fp)) {
    diag_at(an->sink, DIAG_ERROR, an->sf, item->pos.line, item->pos.col,
            "the section of '%s' must be affine in '%s'", v->name, an->h.iv_name);
    an->failed = 1;
    return -1;
  }
  return 0;
}

void clause_array(analysis *an, body_var *v) {
  if (v->data_clause_in) {
    if (v->data_clause_in->nsections == 0) {
      if (!v->extent_known) {
        diag_at(an->sink, DIAG_ERROR, an->sf, v->data_clause_in->pos.line, v->data_clause_in->pos.col,
                "the size of '%s' is unknown; give a section: '%s[0:len]' (a section that does not depend on "
                "'%s' is sent once per loop)",
                v->name, v->name, an->h.iv_name);
        an->failed = 1;
        return;
      }
      v->flags |= LSC_VAR_READ | LSC_VAR_WHOLE;
    } else if (clause_footprint(an, v, v->data_clause_in, &v->in) == 0) {
      v->flags |= LSC_VAR_READ;
    }
  }
  if (v->data_clause_out) {
    if (v->data_clause_out->nsections == 0) {
      diag_at(an->sink, DIAG_ERROR, an->sf, v->data_clause_out->pos.line, v->data_clause_out->pos.col,
              "'%s' in an 'out' or 'inout' clause needs the elements each iteration writes: '%s[lo:len]'",
              v->name, v->name);
      an->failed = 1;
      return;
    }
    if (clause_footprint(an, v, v->data_clause_out, &v->out) != 0)
      return;
    if (!footprints_disjoint(&v->out, &v->out, an->trips)) {
      diag_at(
          an->sink, DIAG_ERROR, an->sf, v->data_clause_out->pos.line, v->data_clause_out->pos.col,
          "the sections of '%s' that different iterations may write overlap; each chunk's would overwrite "
          "the others' results",
          v->name);
      an->failed = 1;
      return;
    }
    v->flags |= LSC_VAR_WRITE;
  }
}
