/* transport.c - liblsc's MPI messages (transport.h): sends and receives on its own communicator, waits that
 * poll, then yield (more ranks than cores) and sleep with a growing pause, and polls that never wait.
 * Yielding is decided here, not by Open MPI: its mpi_yield_when_idle would make every empty poll of a
 * computing rank 0 hand its core away, so it is turned off while rank 0 computes (lsc_tp_computing). */
#include "transport/transport.h"

#include "fatal.h"
#include "obs/clock.h"

#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <string.h>
#include <sys/prctl.h>

#define PIECE_BYTES ((size_t)1 << 30)
/* Polling this long before the first sleep keeps round trips at MPI's own latency when the answer is quick;
 * a sleep costs more than its length (a 2 us nanosleep took about 16 us on the 2-core VM of the benchmarks).
 */
#define SPIN_SECONDS 200e-6
#define YIELD_AFTER_SECONDS 20e-6
#define FIRST_PAUSE 2e-6

static MPI_Comm comm = MPI_COMM_NULL;
static double waited;
static int oversubscribed;
static const char *loop_file;
static int loop_line;

void lsc_tp_set_loop(const char *file, int line) {
  loop_file = file;
  loop_line = line;
}

double lsc_tp_pause_between_loops(void) {
  return oversubscribed ? LSC_PAUSE_BETWEEN_LOOPS : LSC_PAUSE_BETWEEN_LOOPS_OWN_CORE;
}

void lsc_tp_set_oversubscribed(int value) {
  oversubscribed = value;
}

void lsc_tp_start(MPI_Comm *out) {
  lsc_tp_check(MPI_Comm_dup(MPI_COMM_WORLD, &comm), "MPI_Comm_dup", -1);
  lsc_tp_check(MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler", -1);
  /* Linux rounds short sleeps up to the thread's timer slack (50 us by default); a small slack keeps the
   * backoff's first pauses short. Failure only costs latency. */
  prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
  *out = comm;
}

void lsc_tp_check(int rc, const char *what, int peer) {
  if (rc == MPI_SUCCESS)
    return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
    len = 0;
  text[len] = '\0';
  if (peer >= 0)
    lsc_fatal("MPI error in %s (peer rank %d): %s", what, peer, text);
  lsc_fatal("MPI error in %s: %s", what, text);
}

/* Only chunk data grows without bound (the rest is descriptors, or whole arrays, which go in pieces): the
 * way out is smaller chunks, by a chunk size in the schedule or a scheme whose chunks shrink. */
static int count_of(size_t len) {
  if (len > INT_MAX) {
    if (loop_file)
      lsc_fatal("%s:%d: a chunk of this loop needs a message of %zu bytes, beyond MPI's limit of %d bytes "
                "(2 GiB); make its chunks smaller: a chunk size in the schedule (schedule(css(K)) in the "
                "pragma, or LSC_SCHEDULE='css(K)', with K iterations moving less than 2 GiB), or a scheme "
                "whose chunks shrink (LSC_SCHEDULE=fss or tss)",
                loop_file, loop_line, len, INT_MAX);
    lsc_fatal("a message of %zu bytes is beyond MPI's limit of %d bytes (2 GiB)", len, INT_MAX);
  }
  return (int)len;
}

void lsc_tp_isend(const void *buf, size_t len, int dest, int tag, MPI_Request *req) {
  lsc_tp_check(MPI_Isend(buf, count_of(len), MPI_BYTE, dest, tag, comm, req), "MPI_Isend", dest);
  /* One test pushes a small message out now: probing for incoming messages alone was measured to leave it
   * queued for tens of microseconds. */
  int done;
  lsc_tp_check(MPI_Test(req, &done, MPI_STATUS_IGNORE), "MPI_Test", dest);
}

size_t lsc_tp_pieces(size_t len) {
  return len == 0 ? 1 : (len + PIECE_BYTES - 1) / PIECE_BYTES;
}

void lsc_tp_isend_large(const void *buf, size_t len, int dest, int tag, MPI_Request *reqs) {
  const unsigned char *at = buf;
  size_t pieces = lsc_tp_pieces(len);
  for (size_t i = 0; i < pieces; i++) {
    size_t n = len - i * PIECE_BYTES < PIECE_BYTES ? len - i * PIECE_BYTES : PIECE_BYTES;
    lsc_tp_isend(at + i * PIECE_BYTES, n, dest, tag, &reqs[i]);
  }
}

/* Polls, then sleeps with a doubling pause: the CPU a waiting rank uses falls to a few wake-ups per
 * max_pause, and the latency it adds stays below max_pause. */
typedef struct backoff {
  double start, pause, max_pause;
  unsigned polls;
  int yielding;
} backoff;

double lsc_tp_spin_seconds(double max_pause) {
  return max_pause <= LSC_PAUSE_IN_REGION && !oversubscribed ? LSC_SPIN_IN_REGION : SPIN_SECONDS;
}

int lsc_tp_oversubscribed(void) {
  return oversubscribed;
}

static backoff backoff_start(double max_pause) {
  return (backoff){lsc_now(), 0.0, max_pause, 0, oversubscribed};
}

static void backoff_pause(backoff *b) {
  if (b->pause == 0.0) {
    /* When the peer shares this core (more ranks than cores, or a busy machine), yielding lets it run and
     * answer. Not at first: a yield is a system call, and a quick answer arrives within a few polls. */
    if (b->yielding)
      sched_yield();
    /* Reading the clock costs as much as a poll: look at it every 16th poll only. */
    if (++b->polls % 16 != 0)
      return;
    double spun = lsc_now() - b->start;
    b->yielding = spun > YIELD_AFTER_SECONDS;
    if (spun < lsc_tp_spin_seconds(b->max_pause))
      return;
    b->pause = FIRST_PAUSE;
  }
  lsc_sleep(b->pause);
  b->pause = b->pause * 2 < b->max_pause ? b->pause * 2 : b->max_pause;
}

static void backoff_end(const backoff *b) {
  waited += lsc_now() - b->start;
}

void lsc_tp_wait(MPI_Request *req) {
  int done = 0;
  if (*req == MPI_REQUEST_NULL)
    return;
  backoff b = backoff_start(LSC_PAUSE_IN_LOOP);
  for (;;) {
    lsc_tp_check(MPI_Test(req, &done, MPI_STATUS_IGNORE), "MPI_Test", -1);
    if (done)
      break;
    backoff_pause(&b);
  }
  backoff_end(&b);
}

void lsc_tp_wait_all(MPI_Request *reqs, size_t count) {
  for (size_t i = 0; i < count; i++)
    lsc_tp_wait(&reqs[i]);
}

void lsc_tp_send(const void *buf, size_t len, int dest, int tag) {
  MPI_Request req;
  lsc_tp_isend(buf, len, dest, tag, &req);
  lsc_tp_wait(&req);
}

void lsc_tp_recv_large(void *buf, size_t len, int source, int tag) {
  unsigned char *at = buf;
  size_t pieces = lsc_tp_pieces(len);
  for (size_t i = 0; i < pieces; i++) {
    size_t n = len - i * PIECE_BYTES < PIECE_BYTES ? len - i * PIECE_BYTES : PIECE_BYTES;
    MPI_Request req;
    lsc_tp_check(MPI_Irecv(at + i * PIECE_BYTES, count_of(n), MPI_BYTE, source, tag, comm, &req), "MPI_Irecv",
                 source);
    lsc_tp_wait(&req);
  }
}

void lsc_tp_irecv_large(void *buf, size_t len, int source, int tag, MPI_Request *reqs) {
  unsigned char *at = buf;
  size_t pieces = lsc_tp_pieces(len);
  for (size_t i = 0; i < pieces; i++) {
    size_t n = len - i * PIECE_BYTES < PIECE_BYTES ? len - i * PIECE_BYTES : PIECE_BYTES;
    lsc_tp_check(MPI_Irecv(at + i * PIECE_BYTES, count_of(n), MPI_BYTE, source, tag, comm, &reqs[i]),
                 "MPI_Irecv", source);
  }
}

static void receive_matched(MPI_Message *msg, MPI_Status *st, lsc_buffer *buf, int *from, int *tag) {
  int count = 0;
  lsc_tp_check(MPI_Get_count(st, MPI_BYTE, &count), "MPI_Get_count", st->MPI_SOURCE);
  buf->len = 0;
  if (!lsc_buffer_grow(buf, (size_t)count))
    lsc_fatal("out of memory receiving a message of %d bytes", count);
  lsc_tp_check(MPI_Mrecv(buf->data, count, MPI_BYTE, msg, MPI_STATUS_IGNORE), "MPI_Mrecv", st->MPI_SOURCE);
  *from = st->MPI_SOURCE;
  *tag = st->MPI_TAG;
}

static int poll_tag(int source, int want, lsc_buffer *buf, int *from, int *tag) {
  int found = 0;
  MPI_Message msg;
  MPI_Status st;
  lsc_tp_check(MPI_Improbe(source, want, comm, &found, &msg, &st), "MPI_Improbe", source);
  if (found)
    receive_matched(&msg, &st, buf, from, tag);
  return found;
}

int lsc_tp_poll(int source, lsc_buffer *buf, int *from, int *tag) {
  return poll_tag(source, MPI_ANY_TAG, buf, from, tag);
}

int lsc_tp_poll_tagged(int source, int want, lsc_buffer *buf, int *from, int *tag) {
  return poll_tag(source, want, buf, from, tag);
}

int lsc_tp_recv_within(int source, int want, lsc_buffer *buf, int *from, int *tag, double max_pause,
                       double seconds) {
  /* With request-ahead the answer is usually there already: then no clock is read at all. */
  if (poll_tag(source, want, buf, from, tag))
    return 1;
  backoff b = backoff_start(max_pause);
  int found;
  while (!(found = poll_tag(source, want, buf, from, tag)) && lsc_now() - b.start < seconds)
    backoff_pause(&b);
  backoff_end(&b);
  return found;
}

void lsc_tp_recv_tagged(int source, int want, lsc_buffer *buf, int *from, int *tag, double max_pause) {
  lsc_tp_recv_within(source, want, buf, from, tag, max_pause, HUGE_VAL);
}

void lsc_tp_recv(int source, lsc_buffer *buf, int *from, int *tag, double max_pause) {
  lsc_tp_recv_tagged(source, MPI_ANY_TAG, buf, from, tag, max_pause);
}

/* Open MPI's switch, an OPAL function libmpi exports (opal/runtime/opal_progress.h: sets whether progress
 * yields when idle, returns the previous setting); looked up at run time, so another MPI links as well and
 * only keeps its own behaviour. */
typedef _Bool (*set_yield_fn)(_Bool);
static set_yield_fn set_yield;
static int looked_up, computing;
static _Bool mpi_yielded;

static set_yield_fn yield_switch(void) {
  if (!looked_up) {
    void *symbol = dlsym(RTLD_DEFAULT, "opal_progress_set_yield_when_idle");
    memcpy(&set_yield, &symbol, sizeof set_yield < sizeof symbol ? sizeof set_yield : sizeof symbol);
    looked_up = 1;
  }
  return set_yield;
}

void lsc_tp_computing(int on) {
  set_yield_fn set = yield_switch();
  if (!set || on == computing)
    return;
  if (on)
    mpi_yielded = set(0);
  else
    set(mpi_yielded);
  computing = on;
}

double lsc_tp_waited(void) {
  return waited;
}

void lsc_tp_count_wait(double seconds) {
  if (seconds > 0)
    waited += seconds;
}
