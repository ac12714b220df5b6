/* pipeline_sim.c - a one-process stand-in for liblsc's lsc_pipeline_for, for testing what the rewriter emits
 * before the DMPS runtime exists. It follows include/lsc.h's contract as adversarially as one process can:
 *   - every chunk (LSC_SIM_CHUNK rows, default 3) runs on its own "worker" with private copies of the arrays;
 *   - all chunks are assigned up front, so their in slices hold the values from before the nest and every
 *     value a later row needs must arrive through the boundary cells;
 *   - blocks of h columns (sync, or LSC_SIM_H for "auto", default 5) in skewed coordinates run block by block
 *     across chunks: block b of chunk c runs after block b of chunk c - 1 and receives, first, what the
 *     boundary cells of the dep_rows rows before it wrote in block b;
 *   - out slices go back to the caller's memory at the end.
 * Global arrays (LSC_VAR_GLOBAL) are used by name in the row function, so a worker's copy is swapped into the
 * global while its rows run. A result equal to the sequential program's says the row function, slices, cells,
 * dep_rows and skew fit together. LSC_SIM_IGNORE_SKEW=1 drops the skew, to show that a nest needing one then
 * goes wrong. The generated code's trip counts (lsc_iv_trip_count) come from runtime/sched/trip_count.c, compiled
 * in beside this file. */
#include <lsc.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void **field(const void *env, const lsc_var *v) {
  return (void **)((const unsigned char *)env + v->offset);
}

typedef struct worker {
  unsigned char *env;
  unsigned char **copies; /* per var: a private array, or NULL */
} worker;

static int64_t env_int(const char *name, int64_t fallback) {
  const char *v = getenv(name);
  return v && *v ? atoll(v) : fallback;
}

/* [start, end) of a slice at row k, clipped to [0, extent). */
static void slice_range(const lsc_slice *s, int64_t k, int64_t extent, int64_t *start, int64_t *end) {
  *start = s->a * k + s->b;
  *end = s->c * k + s->d;
  if (*start < 0)
    *start = 0;
  if (*end > extent)
    *end = extent;
}

/* Global arrays: the row function uses the object itself, which must hold this worker's copy while it runs.
 */
static void swap_globals(const worker *w, const lsc_var *vars, int nvars, const int64_t *extent, void *env,
                         int into_global) {
  for (int i = 0; i < nvars; i++) {
    const lsc_var *v = &vars[i];
    if (v->kind != LSC_VAR_ARRAY || !(v->flags & LSC_VAR_GLOBAL))
      continue;
    unsigned char *global = *field(env, v);
    if (into_global)
      memcpy(global, w->copies[i], (size_t)extent[i] * v->size);
    else
      memcpy(w->copies[i], global, (size_t)extent[i] * v->size);
  }
}

static void copy_elems(unsigned char *to, const unsigned char *from, int64_t start, int64_t end,
                       size_t size) {
  if (end > start)
    memcpy(to + start * (int64_t)size, from + start * (int64_t)size, (size_t)(end - start) * size);
}

/* Elements the runtime would have to allocate: the largest end any slice or cell reaches. */
static int64_t extent_of(const lsc_var *v, int vi, const lsc_nest *nest) {
  if (v->extent > 0)
    return v->extent;
  int64_t top = 0;
  for (int64_t k = 0; k < nest->n1; k++) {
    const lsc_slice *s[2] = {&v->in, &v->out};
    for (int i = 0; i < 2; i++) {
      int64_t e = s[i]->c * k + s[i]->d;
      if (e > top)
        top = e;
    }
    for (int c = 0; c < nest->nboundary; c++)
      if (nest->boundary[c].var == vi)
        for (int64_t k2 = 0; k2 < nest->n2; k2++) {
          const lsc_cell_slice *b = &nest->boundary[c];
          int64_t e = b->c1 * k + b->c2 * k2 + b->d;
          if (e > top)
            top = e;
        }
  }
  return top;
}

int lsc_pipeline_for(const lsc_pipeline_site *site, void *env, lsc_var *vars, int nvars,
                     const lsc_nest *nest) {
  if (site->base.magic != LSC_PIPELINE_SITE_MAGIC || site->base.body || !site->row || nest->n1 < 0 ||
      nest->n2 < 0) {
    fprintf(stderr, "pipeline_sim: bad site or trip count\n");
    abort();
  }
  if (site->base.bind)
    site->base.bind(env);
  int64_t chunk = env_int("LSC_SIM_CHUNK", 3);
  int64_t h = strcmp(site->sync, "auto") == 0 ? env_int("LSC_SIM_H", 5) : atoll(site->sync);
  int64_t skew = env_int("LSC_SIM_IGNORE_SKEW", 0) ? 0 : nest->skew;
  int64_t nchunks = (nest->n1 + chunk - 1) / chunk;
  int64_t *extent = calloc((size_t)nvars, sizeof *extent);
  for (int i = 0; i < nvars; i++)
    if (vars[i].kind == LSC_VAR_ARRAY)
      extent[i] = extent_of(&vars[i], i, nest);

  /* The caller's memory as it was before the nest; for globals a saved copy, since workers' copies take the
   * globals' place while they run. */
  unsigned char **caller = calloc((size_t)nvars, sizeof *caller);
  for (int i = 0; i < nvars; i++) {
    const lsc_var *v = &vars[i];
    if (v->kind != LSC_VAR_ARRAY)
      continue;
    caller[i] = *field(env, v);
    if (v->flags & LSC_VAR_GLOBAL) {
      caller[i] = malloc((size_t)(extent[i] ? extent[i] : 1) * v->size);
      memcpy(caller[i], *field(env, v), (size_t)extent[i] * v->size);
    }
  }

  /* Assignment: every chunk gets its input from the caller's memory as it was before the nest. */
  worker *w = calloc((size_t)(nchunks ? nchunks : 1), sizeof *w);
  for (int64_t c = 0; c < nchunks; c++) {
    w[c].env = malloc(site->base.env_size);
    memcpy(w[c].env, env, site->base.env_size);
    w[c].copies = calloc((size_t)nvars, sizeof *w[c].copies);
    for (int i = 0; i < nvars; i++) {
      const lsc_var *v = &vars[i];
      if (v->kind != LSC_VAR_ARRAY)
        continue;
      unsigned char *mine = calloc((size_t)(extent[i] ? extent[i] : 1), v->size);
      memset(mine, 0xA5, (size_t)extent[i] * v->size); /* garbage where nothing was sent */
      const unsigned char *theirs = caller[i];
      if (v->flags & LSC_VAR_WHOLE)
        copy_elems(mine, theirs, 0, extent[i], v->size);
      for (int64_t k = c * chunk; k < (c + 1) * chunk && k < nest->n1; k++) {
        int64_t s, e;
        if ((v->flags & LSC_VAR_READ) && !(v->flags & LSC_VAR_WHOLE)) {
          slice_range(&v->in, k, extent[i], &s, &e);
          copy_elems(mine, theirs, s, e, v->size);
        }
        if ((v->flags & LSC_VAR_WRITE) && !(v->flags & LSC_VAR_OUT_EXACT)) {
          slice_range(&v->out, k, extent[i], &s, &e);
          copy_elems(mine, theirs, s, e, v->size);
        }
      }
      w[c].copies[i] = mine;
      *field(w[c].env, v) = mine;
    }
  }

  /* Blocks of h skewed columns, block by block, chunk after chunk. */
  int64_t width = nest->n2 + skew * (nest->n1 > 0 ? nest->n1 - 1 : 0);
  for (int64_t b = 0; b * h < width; b++) {
    for (int64_t c = 0; c < nchunks; c++) {
      int64_t first = c * chunk;
      for (int64_t r = first - nest->dep_rows; r < first; r++) {
        if (r < 0)
          continue;
        const worker *owner = &w[r / chunk];
        int64_t lo = b * h - skew * r, hi = (b + 1) * h - skew * r;
        for (int64_t k2 = lo < 0 ? 0 : lo; k2 < hi && k2 < nest->n2; k2++)
          for (int x = 0; x < nest->nboundary; x++) {
            const lsc_cell_slice *cell = &nest->boundary[x];
            const lsc_var *v = &vars[cell->var];
            int64_t s = cell->a1 * r + cell->a2 * k2 + cell->b, e = cell->c1 * r + cell->c2 * k2 + cell->d;
            copy_elems(w[c].copies[cell->var], owner->copies[cell->var], s < 0 ? 0 : s,
                       e > extent[cell->var] ? extent[cell->var] : e, v->size);
          }
      }
      /* The caller's values of the globals, kept aside while the worker's copies stand in for them. */
      swap_globals(&w[c], vars, nvars, extent, env, 1);
      for (int64_t k1 = first; k1 < first + chunk && k1 < nest->n1; k1++) {
        int64_t lo = b * h - skew * k1, hi = (b + 1) * h - skew * k1;
        if (lo < 0)
          lo = 0;
        if (hi > nest->n2)
          hi = nest->n2;
        if (lo < hi)
          site->row(k1, lo, hi, w[c].env);
      }
      swap_globals(&w[c], vars, nvars, extent, env, 0);
    }
  }

  /* Results: each chunk's out slices, in chunk order, over the caller's memory. */
  for (int i = 0; i < nvars; i++)
    if (vars[i].kind == LSC_VAR_ARRAY && (vars[i].flags & LSC_VAR_GLOBAL)) {
      memcpy(*field(env, &vars[i]), caller[i], (size_t)extent[i] * vars[i].size);
      free(caller[i]);
    }
  free(caller);
  for (int64_t c = 0; c < nchunks; c++) {
    for (int i = 0; i < nvars; i++) {
      const lsc_var *v = &vars[i];
      if (v->kind == LSC_VAR_ARRAY && (v->flags & LSC_VAR_WRITE))
        for (int64_t k = c * chunk; k < (c + 1) * chunk && k < nest->n1; k++) {
          int64_t s, e;
          slice_range(&v->out, k, extent[i], &s, &e);
          copy_elems(*field(env, v), w[c].copies[i], s, e, v->size);
        }
      free(w[c].copies[i]);
    }
    free(w[c].copies);
    free(w[c].env);
  }
  free(w);
  free(extent);
  return 0;
}
