/* nest_depend.c - the dependences of a pipelined nest: for each pair of accesses to an array, the constant
 * distance vector (d1, d2) between the iterations that touch one element, refused when not constant or not
 * lexicographically forward; then the rows a chunk needs from the one before (dep_rows), the skew that makes
 * every distance non-negative in blocks, and the cells each array's boundary exchange carries. */
#define _XOPEN_SOURCE 700
#include "analyse/nest_depend.h"
#include "analyse/atoms.h"
#include "analyse/expr_poly.h"
#include "analyse/footprint.h"
#include "analyse/iv_types.h"
#include "analyse/report.h"
#include "lsc.h"
#include "support/distance.h"
#include "support/strbuf.h"

/* One subscript as ci*i + cj*j + rest, i and j the nest's two loop variables. */
typedef struct subscript_form {
  int64_t ci, cj;
  poly rest;
  int deeper; /* rest moves with a loop nested inside the synchronization loop */
} subscript_form;

static int uses_deeper_loop(const analysis *an, const poly *p) {
  for (int t = 0; t < p->nterms; t++)
    for (int f = 0; f < p->terms[t].nfactors; f++) {
      int atom = p->terms[t].factors[f];
      if (an->atoms[atom].kind == ATOM_INNER && atom != an->nest.j_atom)
        return 1;
    }
  return 0;
}

static int decompose(const analysis *an, const poly *s, subscript_form *f) {
  int iv = an->iv_atom, j = an->nest.j_atom;
  if (!s->valid || !atoms_usable(an, s) || poly_degree(s, iv) > 1 || poly_degree(s, j) > 1)
    return 0;
  poly ci = poly_coeff(s, iv), r = poly_rest(s, iv);
  poly cj = poly_coeff(&r, j);
  f->rest = poly_rest(&r, j);
  f->deeper = uses_deeper_loop(an, &f->rest);
  return poly_is_const(&ci, &f->ci) && poly_is_const(&cj, &f->cj) && f->rest.valid;
}

static int access_exact(const analysis *an, const access_rec *a) {
  if (a->whole || a->nsubs == 0)
    return 0;
  for (int s = 0; s < a->nsubs; s++) {
    subscript_form f;
    if (!decompose(an, &a->subs[s], &f))
      return 0;
  }
  return 1;
}

typedef enum pair_result { PAIR_NONE, PAIR_DISTANCE, PAIR_NOT_CONSTANT, PAIR_NOT_UNIFORM } pair_result;

/* The distance d = (k of w) - (k of x) between iterations where w and x touch the same element. */
static pair_result pair_distance(const analysis *an, const access_rec *w, const access_rec *x, int *dim,
                                 int64_t *d1, int64_t *d2) {
  distance_eq eqs[MAX_DIMS];
  int n = 0;
  if (w->nsubs != x->nsubs)
    return PAIR_NOT_CONSTANT;
  for (int s = 0; s < w->nsubs; s++) {
    subscript_form fw, fx;
    decompose(an, &w->subs[s], &fw);
    decompose(an, &x->subs[s], &fx);
    *dim = s;
    if (fw.ci != fx.ci || fw.cj != fx.cj)
      return PAIR_NOT_UNIFORM;
    int moves = fw.ci != 0 || fw.cj != 0;
    poly diff = poly_sub(&fx.rest, &fw.rest);
    int64_t c;
    /* A deeper loop's variable takes different values at the two iterations: that subscript constrains
     * only the deeper distance, unless it also moves with i or j (a[i][j + k]). */
    if (fw.deeper || fx.deeper || !poly_is_const(&diff, &c)) {
      if (moves)
        return PAIR_NOT_CONSTANT;
      continue;
    }
    distance_eq e = {0, 0, c};
    if (__builtin_mul_overflow(fw.ci, an->h.step, &e.a) ||
        __builtin_mul_overflow(fw.cj, an->nest.inner.step, &e.b))
      return PAIR_NOT_CONSTANT;
    eqs[n++] = e;
  }
  distance_result r = distance_solve(eqs, n, d1, d2);
  return r == DISTANCE_NONE ? PAIR_NONE : r == DISTANCE_CONSTANT ? PAIR_DISTANCE : PAIR_NOT_CONSTANT;
}

static const char *const kind_names[] = {"flow", "anti", "output"};

static void record(analysis *an, int vi, dep_kind kind, int64_t d1, int64_t d2) {
  for (size_t i = 0; i < an->nest.ndeps; i++) {
    const nest_dep *d = &an->nest.deps[i];
    if (d->var == vi && d->kind == kind && d->d1 == d1 && d->d2 == d2)
      return;
  }
  nest_dep d = {vi, kind, d1, d2};
  VEC_PUSH(an->nest.deps, an->nest.ndeps, an->nest.deps_cap, d);
}

/* A subscript that moves with both loops (a[i*m + j]): one equation for the two distances. */
static int mixes_loops(const analysis *an, const access_rec *a) {
  for (int s = 0; s < a->nsubs; s++) {
    subscript_form f;
    if (decompose(an, &a->subs[s], &f) && f.ci != 0 && f.cj != 0)
      return 1;
  }
  return 0;
}

static void refuse_pair(analysis *an, const body_var *v, const access_rec *w, const access_rec *x,
                        pair_result r, int dim) {
  if (r == PAIR_NOT_UNIFORM)
    an_error(an, x->offset,
             "non-uniform dependence: subscript %d of '%s' has other coefficients of '%s' and '%s' here than "
             "at the write, so the distance between the iterations that touch an element is not constant",
             dim + 1, v->name, an->h.iv_name, an->nest.inner.iv_name);
  else if (x == w)
    an_error(an, w->offset,
             "cannot prove that different iterations of the nest write different elements of '%s': the "
             "iterations whose writes could meet are not at a constant distance",
             v->name);
  else
    an_error(
        an, x->offset,
        "the iterations of the nest that touch the same element of '%s' here and at the write are not at a "
        "constant distance",
        v->name);
  if (x != w)
    an_note(an, w->offset, "'%s' is written here", v->name);
  if (r == PAIR_NOT_CONSTANT && mixes_loops(an, w))
    an_note(an, w->offset,
            "a subscript that combines '%s' and '%s' (flattened indexing) gives one equation for two "
            "distances; write one subscript per dimension, as in '%s[%s][%s]'",
            an->h.iv_name, an->nest.inner.iv_name, v->name, an->h.iv_name, an->nest.inner.iv_name);
}

/* The synchronization loop's trip count when its bounds are constants, else -1. */
static int64_t inner_trips(const analysis *an) {
  return iv_constant_trips(&an->nest.inner);
}

static int beyond_trip_count(int64_t trips, int64_t d) {
  return trips >= 0 && (d >= trips || -d >= trips);
}

/* Returns -1 after refusing the pair. */
static int classify_pair(analysis *an, int vi, const access_rec *w, const access_rec *x) {
  const body_var *v = &an->vars[vi];
  int dim = 0;
  int64_t d1 = 0, d2 = 0;
  pair_result r = pair_distance(an, w, x, &dim, &d1, &d2);
  if (r == PAIR_NONE)
    return 0;
  if (r != PAIR_DISTANCE) {
    refuse_pair(an, v, w, x, r, dim);
    return -1;
  }
  int sign = distance_lex_sign(d1, d2);
  if (sign == 0)
    return 0; /* the same iteration: its statements run in order */
  if (beyond_trip_count(an->trips, d1) || beyond_trip_count(inner_trips(an), d2))
    return 0; /* no two iterations of the nest are that far apart */
  if (sign < 0)
    d1 = -d1, d2 = -d2; /* orient from the earlier iteration to the later */
  if (x->mode & MODE_WRITE) {
    /* Each row's writes come back as one range and boundary cells overwrite the next chunk's copy: two
     * iterations writing one element would race. */
    an_error(
        an, x->offset,
        "two iterations of the nest at distance (%lld, %lld) write the same element of '%s'; a pipelined "
        "nest must write each element in one iteration",
        (long long)d1, (long long)d2, v->name);
    an_note(an, w->offset, "'%s' is also written here", v->name);
    return -1;
  }
  record(an, vi, sign > 0 ? DEP_ANTI : DEP_FLOW, d1, d2);
  return 0;
}

static poly j_in_k2(analysis *an) {
  const loop_header *in = &an->nest.inner;
  poly init = header_init_poly(an, NULL, in);
  if (!init.valid)
    init = poly_atom(atom_add(an, ATOM_TEXT, in->init_k_text, -1));
  poly step = poly_const(in->step), k2 = poly_atom(an->nest.k2_atom);
  poly sk = poly_mul(&step, &k2);
  return poly_add(&init, &sk);
}

/* x = a1*k1 + a2*k2 + b, with coefficients free of loop variables. */
static int split_cell(const analysis *an, const poly *x, poly *a1, poly *a2, poly *b) {
  int k1 = an->k_atom, k2 = an->nest.k2_atom;
  if (!x->valid || poly_degree(x, k1) > 1 || poly_degree(x, k2) > 1)
    return 0;
  *a1 = poly_coeff(x, k1);
  poly r = poly_rest(x, k1);
  *a2 = poly_coeff(&r, k2);
  *b = poly_rest(&r, k2);
  const poly *parts[3] = {a1, a2, b};
  for (int p = 0; p < 3; p++) {
    if (!parts[p]->valid)
      return 0;
    for (int t = 0; t < parts[p]->nterms; t++)
      for (int f = 0; f < parts[p]->terms[t].nfactors; f++) {
        atom_kind kind = an->atoms[parts[p]->terms[t].factors[f]].kind;
        if (kind == ATOM_K || kind == ATOM_IV || kind == ATOM_INNER)
          return 0;
      }
  }
  return 1;
}

/* Widens [*lo, *hi) to hold [lo2, hi2) when the ends differ by constants. */
static int widen(poly *lo, poly *hi, const poly *lo2, const poly *hi2) {
  poly dl = poly_sub(lo, lo2), dh = poly_sub(hi, hi2);
  int64_t l, h;
  if (!poly_is_const(&dl, &l) || !poly_is_const(&dh, &h))
    return 0;
  if (l > 0)
    *lo = *lo2;
  if (h < 0)
    *hi = *hi2;
  return 1;
}

/* The elements iteration (k1, k2) writes, over the loops inside it: what crosses to the next chunk. */
static int cell_slice(analysis *an, body_var *v, int vi) {
  int have = 0;
  for (size_t i = 0; i < an->naccesses; i++) {
    const access_rec *a = &an->accesses[i];
    if (a->var != vi || !(a->mode & MODE_WRITE))
      continue;
    poly lo, hi, one = poly_const(1), ivk = iv_in_k(an), jk = j_in_k2(an);
    if (!sweep_inner_loops(an, a, an->nest.j_atom, &lo, &hi))
      return -1;
    lo = poly_subst(&lo, an->iv_atom, &ivk);
    lo = poly_subst(&lo, an->nest.j_atom, &jk);
    hi = poly_subst(&hi, an->iv_atom, &ivk);
    hi = poly_subst(&hi, an->nest.j_atom, &jk);
    hi = poly_add(&hi, &one);
    poly a1, a2, b, c1, c2, d;
    if (!split_cell(an, &lo, &a1, &a2, &b) || !split_cell(an, &hi, &c1, &c2, &d))
      return -1;
    if (!have) {
      v->cell_a1 = a1, v->cell_a2 = a2, v->cell_b = b, v->cell_c1 = c1, v->cell_c2 = c2, v->cell_d = d;
      have = 1;
    } else if (!poly_equal(&a1, &v->cell_a1) || !poly_equal(&a2, &v->cell_a2) ||
               !poly_equal(&c1, &v->cell_c1) || !poly_equal(&c2, &v->cell_c2) ||
               !widen(&v->cell_b, &v->cell_d, &b, &d)) {
      return -1;
    }
  }
  return have ? 0 : -1;
}

static void array_dependences(analysis *an, int vi) {
  body_var *v = &an->vars[vi];
  for (size_t i = 0; i < an->naccesses; i++) {
    const access_rec *w = &an->accesses[i];
    if (w->var != vi || !(w->mode & MODE_WRITE))
      continue;
    for (size_t k = 0; k < an->naccesses; k++) {
      const access_rec *x = &an->accesses[k];
      if (x->var != vi || (k < i && (x->mode & MODE_WRITE)))
        continue; /* write pairs are tested once */
      if (!access_exact(an, x)) {
        an_error(
            an, x->offset,
            "cannot tell which elements of '%s' %s here (the subscript is not affine in '%s' and '%s' with "
            "constant coefficients); a pipelined nest needs exact subscripts for the arrays it writes",
            v->name, (x->mode & MODE_WRITE) ? "are written" : "are read", an->h.iv_name,
            an->nest.inner.iv_name);
        if (x != w)
          an_note(an, w->offset, "'%s' is written here", v->name);
        return;
      }
      if (classify_pair(an, vi, w, x) != 0)
        return;
    }
  }
}

static void note_distance(analysis *an, const nest_dep *d, const char *why) {
  const body_var *v = &an->vars[d->var];
  for (size_t i = 0; i < an->naccesses; i++)
    if (an->accesses[i].var == d->var && (an->accesses[i].mode & MODE_WRITE)) {
      an_note(an, an->accesses[i].offset, "%s dependence (%lld, %lld) on '%s' %s", kind_names[d->kind],
              (long long)d->d1, (long long)d->d2, v->name, why);
      return;
    }
}

void nest_dependences(analysis *an) {
  for (size_t vi = 0; vi < an->nvars && !an->failed; vi++)
    if (an->vars[vi].role == ROLE_ARRAY && (an->vars[vi].flags & LSC_VAR_WRITE))
      array_dependences(an, (int)vi);
  if (an->failed)
    return;
  for (size_t i = 0; i < an->nest.ndeps; i++) {
    const nest_dep *d = &an->nest.deps[i];
    int64_t skew = distance_skew(d->d1, d->d2);
    if (skew > an->nest.skew)
      an->nest.skew = skew;
    if (d->kind != DEP_FLOW || d->d1 <= 0)
      continue;
    /* Only values written by earlier rows travel between chunks; anti dependences read the values each
     * worker received before the nest. */
    if (d->d1 > an->nest.dep_rows)
      an->nest.dep_rows = d->d1;
    body_var *v = &an->vars[d->var];
    if (!v->boundary) {
      if (cell_slice(an, v, d->var) != 0) {
        an_error(an, an->h.loop_begin,
                 "cannot describe the elements of '%s' that one iteration of the nest writes as one range; "
                 "later rows read them",
                 v->name);
        note_distance(an, d, "crosses rows");
        return;
      }
      v->boundary = 1;
    }
  }
}
