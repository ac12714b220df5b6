#include "exec/pipeline/pipeline_store.h"

#include "fatal.h"
#include "transport/transport.h"

#include <stdlib.h>

void lsc_boundary_store_put(lsc_boundary_store *s, int64_t chunk, int64_t block, lsc_buffer *data) {
  lsc_stored_block *b = malloc(sizeof *b);
  if (!b)
    lsc_fatal("out of memory storing a boundary block");
  *b = (lsc_stored_block){chunk, block, *data, NULL};
  *data = (lsc_buffer){0};
  if (s->tail)
    s->tail->next = b;
  else
    s->head = b;
  s->tail = b;
}

static int take_if(lsc_boundary_store *s, int64_t chunk, int any, int64_t *block, lsc_buffer *data) {
  lsc_stored_block *before = NULL;
  for (lsc_stored_block **at = &s->head; *at; before = *at, at = &(*at)->next) {
    lsc_stored_block *b = *at;
    if (b->chunk != chunk || (!any && b->block != *block))
      continue;
    *at = b->next;
    if (s->tail == b)
      s->tail = before;
    *block = b->block;
    *data = b->data;
    free(b);
    return 1;
  }
  return 0;
}

int lsc_boundary_store_take(lsc_boundary_store *s, int64_t chunk, int64_t block, lsc_buffer *data) {
  return take_if(s, chunk, 0, &block, data);
}

int lsc_boundary_store_take_any(lsc_boundary_store *s, int64_t chunk, int64_t *block, lsc_buffer *data) {
  return take_if(s, chunk, 1, block, data);
}

int lsc_boundary_store_empty(const lsc_boundary_store *s) {
  return s->head == NULL;
}

void lsc_outbox_send(lsc_outbox_list *l, lsc_buffer *data, int dest, int tag) {
  lsc_outbox *o = malloc(sizeof *o);
  if (!o)
    lsc_fatal("out of memory sending a boundary block");
  *o = (lsc_outbox){*data, MPI_REQUEST_NULL, l->head};
  *data = (lsc_buffer){0};
  l->head = o;
  lsc_tp_isend(o->data.data, o->data.len, dest, tag, &o->req);
}

static void drop_done(lsc_outbox_list *l, int wait) {
  for (lsc_outbox **at = &l->head; *at;) {
    lsc_outbox *o = *at;
    int done = 0;
    if (wait)
      lsc_tp_wait(&o->req);
    else
      lsc_tp_check(MPI_Test(&o->req, &done, MPI_STATUS_IGNORE), "MPI_Test", -1);
    if (!wait && !done) {
      at = &o->next;
      continue;
    }
    *at = o->next;
    lsc_buffer_free(&o->data);
    free(o);
  }
}

void lsc_outbox_progress(lsc_outbox_list *l) {
  drop_done(l, 0);
}

void lsc_outbox_finish(lsc_outbox_list *l) {
  drop_done(l, 1);
}

int lsc_next_map_set(lsc_next_map *m, int64_t at, int64_t rank) {
  if (m->count == m->capacity) {
    size_t cap = m->capacity ? 2 * m->capacity : 8;
    int64_t *a = realloc(m->at, cap * sizeof *a);
    if (!a)
      return -1;
    m->at = a;
    int64_t *r = realloc(m->rank, cap * sizeof *r);
    if (!r)
      return -1;
    m->rank = r;
    m->capacity = cap;
  }
  m->at[m->count] = at;
  m->rank[m->count++] = rank;
  return 0;
}

int64_t lsc_next_map_get(const lsc_next_map *m, int64_t at) {
  for (size_t i = m->count; i-- > 0;)
    if (m->at[i] == at)
      return m->rank[i];
  return -1;
}

void lsc_next_map_free(lsc_next_map *m) {
  free(m->at);
  free(m->rank);
  *m = (lsc_next_map){0};
}
