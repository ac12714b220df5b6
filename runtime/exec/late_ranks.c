/* late_ranks.c - late workers (late_ranks.h): the instance counter, what each rank still owes, and the sends
 * rank 0 keeps alive for it. A kept send's requests are tested, never waited for, while other loops run:
 * waiting would make every loop wait for the stopped rank, which is what re-issue is there to avoid. */
#include "exec/late_ranks.h"

#include "data/warm.h"
#include "exec/protocol.h"
#include "fatal.h"
#include "state.h"
#include "transport/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct kept_sends {
  MPI_Request *reqs;
  size_t count;
  void *owned;
} kept_sends;

typedef struct owed {
  int64_t instance; /* the last instance whose FINAL the rank owes, 0 when none */
  const char *file; /* its loop */
  int line;
  int dead; /* reported dead (lsc_late_report_dead) */
} owed;

static int64_t instances;
static owed *owes; /* by rank */
static kept_sends *kept;
static size_t nkept, kept_cap;
static lsc_buffer scratch, inbox;

int64_t lsc_late_next_instance(void) {
  return ++instances;
}

static void ensure_owes(void) {
  if (!owes && !(owes = calloc((size_t)lsc_rt.size, sizeof *owes)))
    lsc_fatal("out of memory noting a late rank");
}

void lsc_late_keep(int rank, int64_t instance, const char *file, int line, MPI_Request *reqs, size_t count,
                   void *owned) {
  ensure_owes();
  /* The loop named is the one it fell behind in; the instance, the last one it owes. */
  if (owes[rank].instance == 0 && !owes[rank].dead)
    owes[rank] = (owed){instance, file ? file : "?", line, 0};
  else if (instance > owes[rank].instance && !owes[rank].dead)
    owes[rank].instance = instance;
  lsc_late_keep_sends(reqs, count, owned);
}

void lsc_late_keep_sends(MPI_Request *reqs, size_t count, void *owned) {
  size_t live = 0;
  for (size_t i = 0; i < count; i++)
    live += reqs[i] != MPI_REQUEST_NULL;
  if (live == 0) {
    lsc_warm_free(owned);
    return;
  }
  if (nkept == kept_cap) {
    size_t cap = kept_cap ? 2 * kept_cap : 8;
    kept_sends *grown = realloc(kept, cap * sizeof *grown);
    if (!grown)
      lsc_fatal("out of memory keeping the sends to a late rank");
    kept = grown;
    kept_cap = cap;
  }
  kept_sends *k = &kept[nkept];
  if (!(k->reqs = malloc(live * sizeof *k->reqs)))
    lsc_fatal("out of memory keeping the sends to a late rank");
  k->count = 0;
  for (size_t i = 0; i < count; i++)
    if (reqs[i] != MPI_REQUEST_NULL) {
      k->reqs[k->count++] = reqs[i];
      reqs[i] = MPI_REQUEST_NULL;
    }
  k->owned = owned;
  nkept++;
}

void lsc_late_progress(void) {
  for (size_t i = 0; i < nkept;) {
    int done = 0;
    lsc_tp_check(MPI_Testall((int)kept[i].count, kept[i].reqs, &done, MPI_STATUSES_IGNORE), "MPI_Testall",
                 -1);
    if (!done) {
      i++;
      continue;
    }
    free(kept[i].reqs);
    lsc_warm_free(kept[i].owned);
    kept[i] = kept[--nkept];
  }
}

int lsc_late_owes(int rank) {
  return owes && owes[rank].instance > 0;
}

int lsc_late_known_dead(int rank) {
  return owes && owes[rank].dead;
}

int lsc_late_rank_dead(int rank) {
  if (!lsc_rt.machines)
    return 0;
  const lsc_machine *me = &lsc_rt.machines[0], *it = &lsc_rt.machines[rank];
  if (it->pid <= 0 || strcmp(me->host, it->host) != 0)
    return 0;
  char path[64], text[512];
  snprintf(path, sizeof path, "/proc/%ld/stat", it->pid);
  FILE *f = fopen(path, "r");
  if (!f)
    return 1;
  size_t len = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[len] = '\0';
  /* The state follows the command's closing parenthesis: Z (zombie) or X (dead) once the rank is gone. */
  const char *paren = strrchr(text, ')');
  return paren && paren[1] == ' ' && (paren[2] == 'Z' || paren[2] == 'X');
}

void lsc_late_report_dead(int rank, const char *file, int line, const char *what) {
  ensure_owes();
  if (owes[rank].dead)
    return;
  owes[rank] = (owed){0, NULL, 0, 1};
  fflush(stdout);
  fprintf(stderr, "lsc: rank %d (pid %ld) died during the loop at %s:%d; %s\n", rank,
          lsc_rt.machines ? lsc_rt.machines[rank].pid : 0L, file ? file : "?", line, what);
  fflush(stderr);
}

/* The instance a worker's message names, or -1 when it is too short to name one. */
static int64_t instance_of(int tag, const lsc_buffer *msg) {
  int64_t instance = -1;
  size_t at = 0;
  if (tag == LSC_TAG_RESULT)
    at = offsetof(lsc_result_head, instance);
  else if (tag == LSC_TAG_FINAL)
    at = offsetof(lsc_final_head, instance);
  else if (tag == LSC_TAG_REQUEST)
    at = offsetof(lsc_request_msg, instance);
  else
    return -1;
  if (msg->len >= at + sizeof instance)
    memcpy(&instance, msg->data + at, sizeof instance);
  return instance;
}

void lsc_late_drain_spans(int rank, int64_t bytes) {
  while (bytes > 0) {
    int from, tag;
    scratch.len = 0;
    /* The spans follow their RESULT in order (one sender, one tag), so the next SPAN of this rank is one. */
    lsc_tp_recv_tagged(rank, LSC_TAG_SPAN, &scratch, &from, &tag, LSC_PAUSE_IN_LOOP);
    if ((int64_t)scratch.len > bytes)
      lsc_fatal("malformed RESULT message from rank %d: more large spans than it announced", rank);
    bytes -= (int64_t)scratch.len;
  }
}

int lsc_late_message(int rank, int tag, const lsc_buffer *msg, int64_t current, int64_t *dropped_results) {
  int64_t instance = instance_of(tag, msg);
  if (instance < 0 || instance >= current)
    return 0;
  if (tag == LSC_TAG_RESULT) {
    lsc_result_head h;
    if (msg->len < sizeof h)
      lsc_fatal("malformed RESULT message from rank %d", rank);
    memcpy(&h, msg->data, sizeof h);
    lsc_late_drain_spans(rank, h.in_place);
    (*dropped_results)++;
  } else if (tag == LSC_TAG_FINAL && owes && instance >= owes[rank].instance) {
    owes[rank].instance = 0;
  }
  return 1;
}

void lsc_late_collect_all(void) {
  int64_t dropped = 0;
  for (int r = 1; owes && r < lsc_rt.size; r++)
    while (owes[r].instance > 0) {
      int from, tag;
      if (!lsc_tp_recv_within(r, MPI_ANY_TAG, &inbox, &from, &tag, LSC_PAUSE_BETWEEN_LOOPS,
                              LSC_DEAD_CHECK_SECONDS)) {
        if (lsc_late_rank_dead(r))
          lsc_late_report_dead(r, owes[r].file, owes[r].line,
                               "the loop had completed without it (re-issue); lsc no longer waits for it");
        continue;
      }
      if (!lsc_late_message(r, tag, &inbox, instances + 1, &dropped))
        lsc_fatal("unexpected message (tag %d) from rank %d, which was late", tag, r);
    }
  lsc_late_progress();
}
