/* doall_depend.c - the dependence test of `parallel for`: for every write of an array, no other iteration may
 * touch the elements it writes (support/depend.c decides for two footprints). A refusal says which pair
 * conflicts, and whether the distance is constant (then `pipeline for` may run the loop). */
#define _XOPEN_SOURCE 700
#include "analyse/doall_depend.h"
#include "analyse/array_reduction.h"
#include "analyse/footprint.h"
#include "analyse/loop_header.h"
#include "analyse/report.h"
#include "analyse/subscripts.h"
#include "support/strbuf.h"

#include <stdint.h>
#include <stdlib.h>

/* A fixed element, the same in every iteration. */
static int same_fixed_element(const analysis *an, const access_rec *w, const access_rec *x) {
  int64_t c;
  poly d = poly_sub(&w->shape.index, &x->shape.index);
  return w->shape.has_index && x->shape.has_index && w->nframes == 0 && x->nframes == 0 &&
         !poly_uses(&w->shape.index, an->k_atom) && poly_is_const(&d, &c) && c == 0;
}

/* Which two accesses may meet, in the user's words: the dependence, named. */
static void name_pair(analysis *an, const body_var *v, const access_rec *w, const access_rec *x) {
  char *wt = access_spelling(an, v, w), *xt = x == w ? NULL : access_spelling(an, v, x);
  if (wt && xt)
    an_note(an, x->offset, "'%s' in one iteration and '%s' in another may be the same element", xt, wt);
  free(wt);
  free(xt);
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
    name_pair(an, v, w, x);
    array_reduction_hint(an, v);
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
  if (!uniform && !same_fixed_element(an, w, x))
    name_pair(an, v, w, x); /* a constant distance names the dependence already */
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

int check_dependences(analysis *an, body_var *v, int vi, int rule, int *used) {
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
      if (accesses_independent(&w->shape, &x->shape, &atoms, an->trips) || index_ranges_apart(an, w, x))
        continue;
      if (rule &&
          (subscripts_independent(an, w, x) || transposed_apart(an, w, x) || transposed_apart(an, x, w))) {
        *used = 1;
        continue;
      }
      {
        report_conflict(an, v, w, x);
        return -1;
      }
    }
  }
  return 0;
}
