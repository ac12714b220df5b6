/* workload.c - iteration costs of the simulator: closed forms for the regular loops of [chang-alpha] 3.2, a
 * hash for the random loop of [yang-adaptive], prefix sums for a file of measured costs. */
#include "workload.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORKLOAD_FORMS "uniform, increasing[(b,h)], decreasing[(b,h)], random[:seed] or file:PATH"

int sim_workload_parse(const char *text, sim_workload *out, char *err, size_t len) {
  memset(out, 0, sizeof *out);
  out->b = 1.0;
  out->h = 1.0;
  if (strncmp(text, "random", 6) == 0 && (text[6] == '\0' || text[6] == ':')) {
    out->kind = SIM_RANDOM;
    out->seed = 1;
    if (text[6] == ':') {
      char *end;
      errno = 0;
      unsigned long long seed = strtoull(text + 7, &end, 10);
      if (!text[7] || *end || errno || text[7] == '-') {
        snprintf(err, len, "bad seed in '%s'; expected random:N with N an integer >= 0", text);
        return -1;
      }
      out->seed = seed;
    }
    return 0;
  }
  if (strncmp(text, "file:", 5) == 0) {
    if (!text[5]) {
      snprintf(err, len, "expected a path after 'file:'");
      return -1;
    }
    out->kind = SIM_FILE;
    out->path = text + 5;
    return 0;
  }
  /* the regular shapes share the spelling of workload(...) clauses */
  lsc_workload shape;
  lsc_sched_error ignored;
  if (lsc_workload_parse(text, &shape, &ignored) != 0 || shape.kind == LSC_WORKLOAD_IRREGULAR) {
    snprintf(err, len, "expected %s, got '%s'", WORKLOAD_FORMS, text);
    return -1;
  }
  out->kind = shape.kind == LSC_WORKLOAD_INCREASING   ? SIM_INCREASING
              : shape.kind == LSC_WORKLOAD_DECREASING ? SIM_DECREASING
                                                      : SIM_UNIFORM;
  out->b = shape.b;
  out->h = shape.h;
  return 0;
}

int sim_workload_load(sim_workload *w, char *err, size_t len) {
  FILE *f = fopen(w->path, "r");
  if (!f) {
    snprintf(err, len, "cannot read '%s': %s", w->path, strerror(errno));
    return -1;
  }
  size_t cap = 1024, count = 0;
  double *prefix = malloc(cap * sizeof *prefix);
  char line[256];
  int ok = prefix != NULL;
  if (ok)
    prefix[0] = 0.0;
  while (ok && fgets(line, sizeof line, f)) {
    char *end;
    double cost = strtod(line, &end);
    while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
      end++;
    if (end == line || *end || !isfinite(cost) || cost < 0) {
      snprintf(err, len, "'%s' line %zu: expected one cost >= 0 per line", w->path, count + 1);
      ok = 0;
      break;
    }
    if (count + 2 > cap) {
      double *grown = realloc(prefix, 2 * cap * sizeof *prefix);
      if (!grown) {
        snprintf(err, len, "'%s': out of memory", w->path);
        ok = 0;
        break;
      }
      prefix = grown;
      cap *= 2;
    }
    prefix[count + 1] = prefix[count] + cost;
    count++;
  }
  fclose(f);
  if (ok && count == 0) {
    snprintf(err, len, "'%s' holds no iteration costs", w->path);
    ok = 0;
  }
  if (!ok) {
    free(prefix);
    return -1;
  }
  w->prefix = prefix;
  w->iterations = (int64_t)count;
  return 0;
}

void sim_workload_free(sim_workload *w) {
  free(w->prefix);
  w->prefix = NULL;
}

/* splitmix64: a stateless mix, so the cost of iteration i never depends on the order chunks are costed in */
static double random_cost(uint64_t seed, int64_t i) {
  uint64_t z = seed * 0x9e3779b97f4a7c15u + (uint64_t)i + 0x632be59bd9b4e019u;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  z ^= z >> 31;
  return (double)(z >> 11) / 9007199254740992.0 * 2.0;
}

/* Sum of b + i h over i in [first, first + size): an arithmetic series. */
static double linear_cost(double b, double h, double first, double size) {
  return size * b + h * (size * first + size * (size - 1) / 2);
}

double sim_chunk_cost(const sim_workload *w, int64_t start, int64_t size) {
  switch (w->kind) {
  case SIM_INCREASING:
    return linear_cost(w->b, w->h, (double)start, (double)size);
  case SIM_DECREASING: /* iteration i has the cost of iteration N-1-i of the increasing loop */
    return linear_cost(w->b, w->h, (double)(w->iterations - start - size), (double)size);
  case SIM_RANDOM: {
    double sum = 0.0;
    for (int64_t i = start; i < start + size; i++)
      sum += random_cost(w->seed, i);
    return sum;
  }
  case SIM_FILE:
    return w->prefix[start + size] - w->prefix[start];
  default:
    return (double)size;
  }
}

double sim_total_cost(const sim_workload *w) {
  return sim_chunk_cost(w, 0, w->iterations);
}

lsc_workload sim_planner_workload(const sim_workload *w) {
  lsc_workload shape = {LSC_WORKLOAD_UNIFORM, w->b, w->h};
  if (w->kind == SIM_INCREASING)
    shape.kind = LSC_WORKLOAD_INCREASING;
  else if (w->kind == SIM_DECREASING)
    shape.kind = LSC_WORKLOAD_DECREASING;
  else if (w->kind != SIM_UNIFORM)
    shape.kind = LSC_WORKLOAD_IRREGULAR;
  return shape;
}
