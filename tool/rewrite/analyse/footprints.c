#define _XOPEN_SOURCE 700
#include "analyse/analysis.h"
#include "lsc.h"
#include "support/cursor_util.h"
#include "support/section_expr.h"
#include "support/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* i = init + k*step, as a polynomial in k: slices are functions of the logical iteration. */
poly iv_in_k(analysis *an) {
  poly init = an->h.init_known ? poly_const(an->h.init) : expr_poly(an, an->h.init_expr);
  if (!init.valid)
    init = poly_atom(atom_add(an, ATOM_TEXT, an->h.init_text, -1));
  poly step =
      an->h.step_known ? poly_const(an->h.step) : poly_atom(atom_add(an, ATOM_TEXT, an->h.step_text, -1));
  poly k = poly_atom(an->k_atom);
  poly sk = poly_mul(&step, &k);
  return poly_add(&init, &sk);
}

/* Symbols must be loop-invariant and inner loop variables must move only through their own loop. */
int atoms_usable(const analysis *an, const poly *p) {
  for (int t = 0; t < p->nterms; t++) {
    for (int f = 0; f < p->terms[t].nfactors; f++) {
      const atom *a = &an->atoms[p->terms[t].factors[f]];
      if (a->kind == ATOM_SYMBOL && an->vars[a->var].written)
        return 0;
      if (a->kind == ATOM_INNER && an->vars[a->var].body_writes)
        return 0;
    }
  }
  return 1;
}

/* [min, max] of p over the inner loops enclosing the access, innermost first. */
int sweep_inner_loops(const analysis *an, const access_rec *a, int keep, poly *lo, poly *hi) {
  *lo = *hi = a->index;
  for (int s = a->nframes - 1; s >= 0; s--) {
    const inner_frame *f = &an->frames[a->frames[s]];
    if (f->atom == keep)
      continue;
    poly c_lo = poly_coeff(lo, f->atom), c_hi = poly_coeff(hi, f->atom);
    int64_t cl, ch;
    if (!poly_is_const(&c_lo, &cl) || !poly_is_const(&c_hi, &ch))
      return 0; /* a symbolic stride over an inner loop: direction unknown */
    poly r_lo = poly_rest(lo, f->atom), r_hi = poly_rest(hi, f->atom);
    poly t_lo = poly_scale(cl >= 0 ? &f->lo : &f->hi, cl), t_hi = poly_scale(ch >= 0 ? &f->hi : &f->lo, ch);
    *lo = poly_add(&r_lo, &t_lo);
    *hi = poly_add(&r_hi, &t_hi);
    if (!atoms_usable(an, &f->lo) || !atoms_usable(an, &f->hi))
      return 0;
  }
  return lo->valid && hi->valid;
}

static int split_in_k(const analysis *an, const poly *p, poly *a, poly *b) {
  if (poly_degree(p, an->k_atom) > 1)
    return 0;
  *a = poly_coeff(p, an->k_atom);
  *b = poly_rest(p, an->k_atom);
  return a->valid && b->valid;
}

/* lo/hi inclusive in IV terms -> the half-open footprint in k. */
static int footprint_from_range(analysis *an, const poly *lo, const poly *hi, footprint *fp) {
  poly ivk = iv_in_k(an), one = poly_const(1);
  poly lk = poly_subst(lo, an->iv_atom, &ivk), hk = poly_subst(hi, an->iv_atom, &ivk);
  hk = poly_add(&hk, &one);
  return split_in_k(an, &lk, &fp->lo_a, &fp->lo_b) && split_in_k(an, &hk, &fp->hi_a, &fp->hi_b);
}

static void shape_access(analysis *an, access_rec *a) {
  memset(&a->shape, 0, sizeof a->shape);
  if (a->whole || !a->affine || !atoms_usable(an, &a->index)) {
    a->affine = 0;
    return;
  }
  poly ivk = iv_in_k(an);
  a->shape.index = poly_subst(&a->index, an->iv_atom, &ivk);
  a->shape.has_index = a->shape.index.valid;
  poly lo, hi;
  a->shape.has_footprint =
      sweep_inner_loops(an, a, -1, &lo, &hi) && footprint_from_range(an, &lo, &hi, &a->shape.fp);
  a->affine = a->shape.has_footprint;
}

/* Smallest footprint holding both: possible when the ends move in step and differ by constants. */
static int hull(footprint *acc, const footprint *x) {
  poly d_lo = poly_sub(&acc->lo_b, &x->lo_b), d_hi = poly_sub(&acc->hi_b, &x->hi_b);
  int64_t dl, dh;
  if (!poly_equal(&acc->lo_a, &x->lo_a) || !poly_equal(&acc->hi_a, &x->hi_a) || !poly_is_const(&d_lo, &dl) ||
      !poly_is_const(&d_hi, &dh))
    return 0;
  if (dl > 0)
    acc->lo_b = x->lo_b;
  if (dh < 0)
    acc->hi_b = x->hi_b;
  return 1;
}

static int is_dense(const analysis *an, const access_rec *a) {
  int moving = 0;
  for (int s = 0; s < a->nframes; s++) {
    const inner_frame *f = &an->frames[a->frames[s]];
    poly c = poly_coeff(&a->index, f->atom);
    int64_t v;
    if (!poly_is_const(&c, &v))
      return 0;
    if (v == 0)
      continue;
    if (++moving > 1 || (v != 1 && v != -1) || (f->step != 1 && f->step != -1))
      return 0;
  }
  return 1;
}

/* A fixed element, the same in every iteration. */
static int same_fixed_element(const analysis *an, const access_rec *w, const access_rec *x) {
  int64_t c;
  poly d = poly_sub(&w->shape.index, &x->shape.index);
  return w->shape.has_index && x->shape.has_index && w->nframes == 0 && x->nframes == 0 &&
         !poly_uses(&w->shape.index, an->k_atom) && poly_is_const(&d, &c) && c == 0;
}

static void report_conflict(analysis *an, body_var *v, const access_rec *w, const access_rec *x) {
  loop_atoms atoms = {an->k_atom, NULL, 0};
  int64_t d;
  /* Inner loop variables cancel in w - x when both sweep the same inner ranges (a[i][j] and a[i-1][j]). */
  int uniform = x->shape.has_index && w->shape.has_index &&
                uniform_distance(&w->shape.index, &x->shape.index, &atoms, &d);
  if (x == w || (x->mode & MODE_WRITE)) {
    if (same_fixed_element(an, w, x))
      an_error(an, w->offset, "every iteration of the parallel loop writes the same element of '%s'",
               v->name);
    else
      an_error(an, w->offset,
               "cannot prove that different iterations of the parallel loop write different elements "
               "of '%s'",
               v->name);
    if (x != w)
      an_note(an, x->offset, "'%s' is also written here", v->name);
    return;
  }
  if (uniform || same_fixed_element(an, w, x))
    an_error(an, x->offset,
             "loop-carried dependence: an iteration reads elements of '%s' that another iteration writes",
             v->name);
  else
    an_error(an, x->offset,
             "cannot prove that the elements of '%s' read here are not written by another iteration",
             v->name);
  an_note(an, w->offset, "'%s' is written here", v->name);
  /* pipeline for takes perfect nests of depth 2 or more: only suggest it for those. */
  if (uniform && body_is_loop_nest(an->h.body))
    an_note(
        an, an->pragma_offset,
        "the dependence has a constant distance of %lld iteration%s; '#pragma lsc pipeline for' can run such "
        "loops",
        (long long)(d < 0 ? -d : d), (d == 1 || d == -1) ? "" : "s");
  else if (uniform)
    an_note(
        an, an->pragma_offset,
        "the dependence has a constant distance of %lld iteration%s; '#pragma lsc pipeline for' runs such "
        "dependences in perfect loop nests of depth 2 or more",
        (long long)(d < 0 ? -d : d), (d == 1 || d == -1) ? "" : "s");
}

static int check_dependences(analysis *an, body_var *v, int vi) {
  int inner[MAX_DIMS * 8];
  int ninner = 0;
  for (size_t f = 0; f < an->nframes && ninner < (int)(sizeof inner / sizeof inner[0]); f++)
    inner[ninner++] = an->frames[f].atom;
  loop_atoms atoms = {an->k_atom, inner, ninner};
  for (size_t i = 0; i < an->naccesses; i++) {
    access_rec *w = &an->accesses[i];
    if (w->var != vi || !(w->mode & MODE_WRITE))
      continue;
    for (size_t j = 0; j < an->naccesses; j++) {
      access_rec *x = &an->accesses[j];
      if (x->var != vi || (j < i && (x->mode & MODE_WRITE)))
        continue; /* write pairs are tested once */
      if (!x->affine) {
        an_error(an, x->offset,
                 "loop-carried dependence: '%s' is written by the loop and read where lsc cannot tell which "
                 "elements",
                 v->name);
        an_note(an, w->offset, "'%s' is written here", v->name);
        return -1;
      }
      if (!accesses_independent(&w->shape, &x->shape, &atoms, an->trips)) {
        report_conflict(an, v, w, x);
        return -1;
      }
    }
  }
  return 0;
}

static void inferred_array(analysis *an, body_var *v, int vi) {
  int reads = 0, writes = 0, whole = 0, exact = !an->has_jumps, have_in = 0, have_out = 0;
  const access_rec *first_write = NULL;
  for (size_t i = 0; i < an->naccesses; i++) {
    access_rec *a = &an->accesses[i];
    if (a->var != vi)
      continue;
    shape_access(an, a);
    if (a->mode & MODE_WRITE) {
      writes = 1;
      if (!a->affine && an->pipeline) {
        an_error(an, a->offset,
                 "cannot tell which elements of '%s' this write touches (the subscript is not affine in the "
                 "nest's loop variables); a pipelined nest needs exact subscripts",
                 v->name);
        return;
      }
      if (!a->affine) {
        an_error(
            an, a->offset,
            "cannot tell which elements of '%s' this write touches (the subscript is not affine in '%s'); "
            "give them with an 'out(%s[lo:len])' clause",
            v->name, an->h.iv_name, v->name);
        return;
      }
      if (have_out ? !hull(&v->out, &a->shape.fp) : 0) {
        an_error(an, a->offset,
                 "the writes to '%s' do not form one range per iteration; give them with an "
                 "'out(%s[lo:len])' clause",
                 v->name, v->name);
        return;
      }
      if (!have_out)
        v->out = a->shape.fp;
      have_out = 1;
      exact = exact && a->mode == MODE_WRITE && !a->partial_write && !a->conditional && is_dense(an, a) &&
              (!first_write || poly_equal(&first_write->shape.index, &a->shape.index));
      if (!first_write)
        first_write = a;
    }
    if (a->mode & MODE_READ) {
      reads = 1;
      if (!a->affine || (have_in && !hull(&v->in, &a->shape.fp)))
        whole = 1;
      else if (!have_in) {
        v->in = a->shape.fp;
        have_in = 1;
      }
    }
  }
  /* OUT_EXACT promises every element of a chunk's out slice is written. The slice of a chunk spans its
   * iterations, so consecutive iterations' footprints must also abut: no strided holes, no triangles. */
  if (exact && have_out) {
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
            "'in(%s[lo:len])' clause",
            v->name, v->name);
        return;
      }
    }
    an_error(an, an->accesses[0].offset, "the reads of '%s' do not form one range per iteration", v->name);
    return;
  }
  /* A pipelined nest's dependences are distance vectors, found by nest_depend.c. */
  if (writes && !an->pipeline && check_dependences(an, v, vi) != 0)
    return;
  /* The runtime returns each chunk's writes as one range, holes included: two ranges that interleave
   * (a[2*i] and a[2*i+3]) would carry stale holes over another chunk's results. */
  if (writes && !footprints_disjoint(&v->out, &v->out, an->trips)) {
    if (an->pipeline)
      an_error(an, first_write->offset,
               "different rows of the nest write common elements of '%s', or elements that interleave; lsc "
               "returns each row's writes as one range",
               v->name);
    else
      an_error(
          an, first_write->offset,
          "the elements of '%s' that different iterations write interleave; lsc returns each iteration's "
          "writes as one range",
          v->name);
    return;
  }
  v->flags = (reads ? LSC_VAR_READ : 0) | (writes ? LSC_VAR_WRITE : 0) | (whole ? LSC_VAR_WHOLE : 0) |
             (writes && exact ? LSC_VAR_OUT_EXACT : 0);
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

static void clause_array(analysis *an, body_var *v) {
  if (v->data_clause_in) {
    if (v->data_clause_in->nsections == 0) {
      if (!v->extent_known) {
        diag_at(an->sink, DIAG_ERROR, an->sf, v->data_clause_in->pos.line, v->data_clause_in->pos.col,
                "the size of '%s' is unknown; give a section: '%s[lo:len]'", v->name, v->name);
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

static int is_const_global(const body_var *v) {
  CXType t = clang_getCanonicalType(v->type);
  while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
    t = clang_getCanonicalType(clang_getArrayElementType(t));
  return v->storage == 1 && clang_isConstQualifiedType(t);
}

static void scalar_written(analysis *an, body_var *v) {
  if (an->pipeline) {
    an_error(an, v->first_write,
             "'%s' is written in the pipelined nest but is not private; add it to a 'private(%s)' clause "
             "(pipelined nests take no reductions)",
             v->name, v->name);
    an_note(an, cursor_offset(v->decl), "'%s' is declared here", v->name);
    return;
  }
  an_error(an, v->first_write,
           "'%s' is written in the parallel loop but is neither private nor a reduction; add it to a "
           "'private(%s)' or 'reduction(op: %s)' clause",
           v->name, v->name, v->name);
  an_note(an, cursor_offset(v->decl), "'%s' is declared here", v->name);
}

/* Whether t, or what it points to or is an array of, is a type declared inside a function. */
static int uses_local_type(CXType t) {
  for (int depth = 0; depth < 16; depth++) {
    CXCursor decl = clang_getTypeDeclaration(t);
    if (!clang_Cursor_isNull(decl) && clang_getCursorKind(decl) != CXCursor_NoDeclFound &&
        clang_getCursorKind(clang_getCursorSemanticParent(decl)) == CXCursor_FunctionDecl)
      return 1;
    if (t.kind == CXType_Typedef)
      t = clang_getTypedefDeclUnderlyingType(decl);
    else if (t.kind == CXType_Elaborated)
      t = clang_Type_getNamedType(t);
    else if (t.kind == CXType_Pointer)
      t = clang_getPointeeType(t);
    else if (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
             t.kind == CXType_IncompleteArray)
      t = clang_getArrayElementType(t);
    else
      return 0;
  }
  return 0;
}

static enum CXVisitorResult field_has_pointer(CXCursor field, CXClientData data) {
  int *found = data;
  *found = type_holds_pointers(clang_getCursorType(field));
  return *found ? CXVisit_Break : CXVisit_Continue;
}

/* Pointer values mean nothing in another process (each maps the program at its own address). */
int type_holds_pointers(CXType t) {
  CXType c = canonical(t);
  while (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray || c.kind == CXType_VariableArray)
    c = canonical(clang_getArrayElementType(c));
  if (c.kind == CXType_Pointer || c.kind == CXType_BlockPointer)
    return 1;
  if (c.kind != CXType_Record)
    return 0;
  int found = 0;
  clang_Type_visitFields(c, field_has_pointer, &found);
  return found;
}

/* What a variable holds, as opposed to what it is: an array of pointers moves pointer values. */
static int moves_pointer_values(const body_var *v) {
  CXType c = canonical(v->type);
  if (v->array_like && c.kind == CXType_Pointer)
    return type_holds_pointers(clang_getPointeeType(c));
  return type_holds_pointers(v->type);
}

static void resolve_one(analysis *an, int vi) {
  body_var *v = &an->vars[vi];
  if (v->inside || v->is_iv || v->storage == 2)
    return;
  if ((v->used_in_body || v->via_callee) && uses_local_type(v->type)) {
    an_error(
        an, v->first_read ? v->first_read : cursor_offset(v->decl),
        "the type of '%s' is declared inside a function; move it to file scope so the outlined loop body can "
        "use it",
        v->name);
    return;
  }
  int global = v->storage == 1;
  int global_pointer = global && canonical(v->type).kind == CXType_Pointer;
  if ((v->used_in_body || v->via_callee) && v->clause_role != ROLE_PRIVATE && moves_pointer_values(v)) {
    size_t at = v->via_callee && !v->used_in_body ? v->callee_use
                : v->first_read                   ? v->first_read
                                                  : v->first_write;
    if (global && !v->written && !global_pointer) {
      /* Each process keeps its own copy, as the program initialised it: right for tables of strings or
       * functions set up at compile time, stale if rank 0 changed them before the loop. */
      an_diag(an, DIAG_WARNING, at,
              "'%s' holds pointers, which cannot be sent to other processes; workers use their own copy as "
              "initialised at start-up",
              v->name);
      return;
    }
    an_error(an, at, "'%s' holds pointers, whose values mean nothing in another process", v->name);
    return;
  }
  if (v->clause_role == ROLE_REDUCTION) {
    v->role = ROLE_REDUCTION;
    if (!type_is_arithmetic(v->type))
      an_error(an, cursor_offset(v->decl), "reduction variable '%s' must have arithmetic type", v->name);
    else if ((v->op == REDUCTION_BAND || v->op == REDUCTION_BOR || v->op == REDUCTION_BXOR) &&
             !type_is_integer(v->type))
      an_error(an, cursor_offset(v->decl), "reduction '%s' needs an integer variable; '%s' is not one",
               reduction_op_spelling(v->op), v->name);
    v->flags = global ? LSC_VAR_INDIRECT : 0;
    return;
  }
  if (v->clause_role == ROLE_PRIVATE || v->clause_role == ROLE_FIRSTPRIVATE) {
    v->role = v->clause_role;
    if (v->clause_role == ROLE_FIRSTPRIVATE && canonical(v->type).kind != CXType_Pointer && v->array_like)
      an_error(an, cursor_offset(v->decl), "firstprivate '%s' must be a scalar", v->name);
    return;
  }
  if (is_const_global(v) && !v->written)
    return; /* initialised at compile time, identical in every process */
  if (v->array_like && (v->data_clause_in || v->data_clause_out)) {
    array_shape(an, v);
    v->role = ROLE_ARRAY;
    clause_array(an, v);
  } else if (v->array_like) {
    array_shape(an, v);
    int accessed = 0;
    for (size_t i = 0; i < an->naccesses; i++)
      accessed |= an->accesses[i].var == vi;
    if (!accessed)
      return;
    v->role = ROLE_ARRAY;
    inferred_array(an, v, vi);
  } else if (v->written) {
    scalar_written(an, v);
    return;
  } else if (v->used_in_body || v->via_callee) {
    v->role = ROLE_CAPTURED;
  } else {
    return;
  }
  if (global && !global_pointer)
    v->flags |= v->role == ROLE_ARRAY ? LSC_VAR_GLOBAL : LSC_VAR_INDIRECT;
}

void resolve_variables(analysis *an) {
  if (an->h.init_known && an->h.bound_known && an->h.step_known)
    an->trips = lsc_trip_count(an->h.init, an->h.bound, an->h.step, (int)an->h.cmp);
  for (size_t i = 0; i < an->nvars; i++)
    resolve_one(an, (int)i);
}
