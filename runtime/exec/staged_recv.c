/* staged_recv.c - receives through staging slots (staged_recv.h). The pieces are cut into batches, each
 * the consecutive pieces that fit one slot; the batches go round the slots in order, so every receive is
 * posted in list order and each source's messages match them in the order it sent them. A slot is copied
 * out as soon as its batch is in, and then takes the next batch. */
#include "exec/staged_recv.h"

#include "data/buffer.h"
#include "exec/chunk_data_io.h"
#include "exec/region.h"
#include "fatal.h"

#include <string.h>

#define SLOTS 4

static lsc_buffer stage;
static lsc_request_list slot_reqs[SLOTS];

/* Posts the receives of the batch that starts at piece `first` into slot `slot`; returns the batch's end. */
static size_t post_batch(const lsc_staged_piece *p, size_t first, size_t n, size_t slot_bytes, int slot,
                         int tag) {
  size_t at = 0, i = first;
  for (; i < n && at + p[i].bytes <= slot_bytes; i++) {
    lsc_piece_list one = {&(lsc_piece){stage.data + (size_t)slot * slot_bytes + at, p[i].bytes}, 1, 1};
    lsc_pieces_recv_tagged(&one, p[i].source, tag, &slot_reqs[slot]);
    at += p[i].bytes;
  }
  return i;
}

int64_t lsc_staged_recv(const lsc_staged_piece *p, size_t n, int tag) {
  size_t total = 0;
  for (size_t i = 0; i < n; i++) {
    if (p[i].bytes > LSC_STAGE_SLOT_BYTES)
      lsc_fatal("internal error: a staged piece of %zu bytes (at most %zu)", p[i].bytes,
                LSC_STAGE_SLOT_BYTES);
    total += p[i].bytes;
  }
  if (total == 0)
    return 0;
  size_t slot_bytes = total < LSC_STAGE_SLOT_BYTES ? total : LSC_STAGE_SLOT_BYTES;
  stage.len = 0;
  if (!lsc_buffer_grow(&stage, SLOTS * slot_bytes))
    lsc_fatal("out of memory for %zu bytes of staging slots", SLOTS * slot_bytes);
  size_t first[SLOTS], end[SLOTS], next = 0;
  for (int s = 0; s < SLOTS; s++) {
    first[s] = next;
    end[s] = next = next < n ? post_batch(p, next, n, slot_bytes, s, tag) : next;
  }
  /* Batches fill the slots round in list order: the first empty slot met means every batch is in. */
  for (int s = 0; first[s] < end[s]; s = (s + 1) % SLOTS) {
    lsc_region_wait(&slot_reqs[s], NULL, NULL);
    size_t at = 0;
    for (size_t i = first[s]; i < end[s]; i++) {
      memcpy(p[i].dest, stage.data + (size_t)s * slot_bytes + at, p[i].bytes);
      at += p[i].bytes;
    }
    first[s] = next;
    end[s] = next = next < n ? post_batch(p, next, n, slot_bytes, s, tag) : next;
  }
  lsc_buffer_free(&stage); /* a big block stays in the buffers' keep for the next one (data/buffer.c) */
  return (int64_t)total;
}
