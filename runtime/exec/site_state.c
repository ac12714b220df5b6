#include "exec/site_state.h"

#include <stdlib.h>

static lsc_site_state *sites;

lsc_site_state *lsc_site_state_of(const lsc_site *site) {
  for (lsc_site_state *s = sites; s; s = s->next)
    if (s->site == site)
      return s;
  lsc_site_state *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->site = site;
  s->work_per_iteration = -1;
  s->bytes_per_iteration = -1;
  s->compute_wall = -1;
  s->serve_wall = -1;
  s->next = sites;
  sites = s;
  return s;
}

int lsc_site_state_vars(lsc_site_state *s, int nvars) {
  if (lsc_mirror_set_resize(&s->mirrors, nvars) != 0)
    return -1;
  if (s->vars && s->nvars == nvars)
    return 0;
  free(s->vars);
  s->nvars = 0;
  if (!(s->vars = calloc(nvars > 0 ? (size_t)nvars : 1, sizeof *s->vars)))
    return -1;
  s->nvars = nvars;
  return 0;
}

void *lsc_site_state_env(lsc_site_state *s, size_t bytes) {
  if (bytes > s->env_bytes) {
    void *grown = realloc(s->env, bytes);
    if (!grown)
      return NULL;
    s->env = grown;
    s->env_bytes = bytes;
  }
  return s->env;
}
