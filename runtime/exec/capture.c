/* capture.c - liblsc's start and end in every process.
 *
 * Workers must be captured before main runs, even when main's file has no lsc code, so the capture is a
 * constructor of liblsc. It only engages when an MPI launcher started the process (OMPI_/PMI_/PMIX_
 * variables); a plain `./prog` never touches MPI and runs every loop locally. Under a launcher it calls
 * MPI_Init_thread; ranks other than 0 then enter the serve loop and never return to main; rank 0 returns to
 * main and releases them at exit (atexit) or at lsc_finalize / MPI_Finalize. A program's own MPI_Init,
 * MPI_Init_thread and MPI_Finalize calls are intercepted through the PMPI profiling interface
 * (exec/pmpi_intercept.c) so they neither initialise twice nor finalise before the workers are released.
 *
 * This file defines lsc_rt, which lsc_parallel_for uses: any program that calls lsc_parallel_for links this
 * object, and with it the constructor, from liblsc.a as well as from liblsc.so.
 */
#include "exec/capture.h"

#include "exec/late_ranks.h"

#include "exec/clock_sync.h"
#include "exec/worker.h"
#include "fatal.h"
#include "obs/clock.h"
#include "obs/summary.h"
#include "obs/trace.h"
#include "state.h"
#include "transport/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

lsc_state lsc_rt = {.rank = 0, .size = 1, .comm = MPI_COMM_NULL};

static int launched_by_mpi(void) {
  static const char *const markers[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"};
  for (size_t i = 0; i < sizeof markers / sizeof markers[0]; i++)
    if (getenv(markers[i]))
      return 1;
  return 0;
}

static const char *env_lookup(const char *name) {
  return getenv(name);
}

/* Rank 0 reads LSC_*; on an error every rank exits 1 after rank 0 printed the one line (no rank hangs). */
static void read_config(void) {
  char err[512] = "";
  int status = 0;
  if (lsc_rt.rank == 0) {
    status = lsc_env_config_read(&lsc_rt.config, env_lookup, err, sizeof err);
    if (status == 0 && lsc_rt.config.has_weights && lsc_rt.config.weights.source == LSC_WEIGHTS_LIST &&
        lsc_rt.config.weights.count != lsc_rt.size) {
      snprintf(err, sizeof err,
               "LSC_WEIGHTS has %d values for %d ranks; expected one positive number per rank",
               lsc_rt.config.weights.count, lsc_rt.size);
      status = -1;
    }
  }
  if (lsc_rt.mpi)
    lsc_tp_check(MPI_Bcast(&status, 1, MPI_INT, 0, lsc_rt.comm), "MPI_Bcast", -1);
  if (status == 0) {
    /* The settings workers read themselves: the checked run is every rank's (bodies check), whether an
     * idle worker faults in the static arrays (data/prefault.h), and whether the run is traced (a
     * sub-master sends its pieces up for the trace). */
    int shared[3] = {lsc_rt.config.check_bounds, lsc_rt.config.no_prefault, lsc_rt.config.trace_path != NULL};
    if (lsc_rt.mpi)
      lsc_tp_check(MPI_Bcast(shared, 3, MPI_INT, 0, lsc_rt.comm), "MPI_Bcast", -1);
    lsc_check_bounds = shared[0];
    lsc_rt.config.no_prefault = shared[1];
    lsc_rt.tracing = shared[2];
    return;
  }
  /* Every rank leaves through MPI_Finalize and exit(1). Aborting from rank 0 instead (no mpirun banner)
   * raced with the others' MPI_Finalize: mpirun once hung with every rank already gone. */
  if (lsc_rt.rank == 0)
    fprintf(stderr, "lsc: error: %s\n", err);
  fflush(NULL);
  if (lsc_rt.mpi)
    PMPI_Finalize();
  _exit(1);
}

static void gather_machines(void) {
  lsc_machine me;
  lsc_machine_probe(&me);
  if (lsc_rt.mpi) {
    MPI_Comm node;
    lsc_tp_check(MPI_Comm_split_type(lsc_rt.comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node),
                 "MPI_Comm_split_type", -1);
    lsc_tp_check(MPI_Comm_size(node, &me.ranks_on_node), "MPI_Comm_size", -1);
    /* Whether rank 0 shares this node, and its process id: a waiting worker there follows its memory
     * (data/warm.h). */
    int lowest = lsc_rt.rank;
    long pid0 = me.pid;
    lsc_tp_check(MPI_Allreduce(MPI_IN_PLACE, &lowest, 1, MPI_INT, MPI_MIN, node), "MPI_Allreduce", -1);
    lsc_tp_check(MPI_Bcast(&pid0, 1, MPI_LONG, 0, lsc_rt.comm), "MPI_Bcast", -1);
    lsc_rt.rank0_pid_here = lowest == 0 ? pid0 : 0;
    MPI_Comm_free(&node);
    lsc_tp_set_oversubscribed(me.ranks_on_node > me.cores);
  }
  lsc_rt.ranks_on_node = me.ranks_on_node > 0 ? me.ranks_on_node : 1;
  if (lsc_rt.rank == 0 && !(lsc_rt.machines = calloc((size_t)lsc_rt.size, sizeof me)))
    lsc_fatal("out of memory at start-up");
  if (lsc_rt.mpi)
    lsc_tp_check(MPI_Gather(&me, sizeof me, MPI_BYTE, lsc_rt.machines, sizeof me, MPI_BYTE, 0, lsc_rt.comm),
                 "MPI_Gather", -1);
  else
    lsc_rt.machines[0] = me;
}

static void release_at_exit(void) {
  lsc_finalize();
}

__attribute__((constructor)) static void lsc_capture(void) {
  lsc_rt.origin = lsc_now();
  if (launched_by_mpi()) {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) {
      if (PMPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &lsc_rt.thread_level) != MPI_SUCCESS) {
        fprintf(stderr, "lsc: error: MPI_Init_thread failed\n");
        _exit(1);
      }
      lsc_rt.owns_mpi = 1;
    }
    lsc_rt.mpi = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &lsc_rt.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &lsc_rt.size);
    lsc_tp_start(&lsc_rt.comm);
  }
  read_config();
  gather_machines();
  /* Before the workers leave for their serve loop: the trace needs every host's clock offset. */
  lsc_clock_sync(lsc_rt.config.trace_path != NULL);
  if (lsc_rt.rank != 0)
    lsc_worker_serve();
  if (lsc_rt.config.trace_path) {
    lsc_trace_start(lsc_rt.config.trace_path, lsc_rt.origin, lsc_rt.size);
    lsc_clock_sync_trace();
  }
  atexit(release_at_exit);
}

/* Nothing left to do: the constructor above already captured the workers (it is in this object file, so any
 * program that can call lsc_init also has it). The function stays for programs written against lsc.h that
 * call it, as the header allows. */
void lsc_init(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
}

void lsc_finalize(void) {
  if (lsc_rt.finished || lsc_rt.rank != 0)
    return;
  lsc_rt.finished = 1;
  /* The summary after the program's own output and before the workers go: a loop can no longer run. */
  if (lsc_rt.config.stats == LSC_STATS_SUMMARY) {
    fflush(stdout);
    lsc_summary_print(stderr, lsc_rt.size);
    lsc_summary_reset();
  }
  lsc_trace_finish();
  fflush(NULL);
  if (!lsc_rt.mpi)
    return;
  /* A worker that was late for a loop (re-issue) is caught up first: it would not take RELEASE before. */
  lsc_late_collect_all();
  /* Not to a dead rank: the send would never complete (mpirun --enable-recovery kept the job alive). */
  int dead = 0;
  for (int r = 1; r < lsc_rt.size; r++) {
    if (lsc_late_known_dead(r))
      dead = r;
    else
      lsc_tp_send(NULL, 0, r, LSC_TAG_RELEASE);
  }
  /* MPI_Finalize sometimes waited forever for the dead rank: the job ends here, its output complete. */
  if (dead) {
    fprintf(stderr, "lsc: rank %d died: the job ends without MPI_Finalize, which could wait for it\n", dead);
    lsc_end_job(0);
  }
  if (lsc_rt.owns_mpi)
    PMPI_Finalize();
}

void lsc_worker_exit(void) {
  fflush(NULL);
  if (lsc_rt.owns_mpi)
    PMPI_Finalize();
  _exit(0);
}

int lsc_rank(void) {
  return lsc_rt.rank;
}
int lsc_num_ranks(void) {
  return lsc_rt.size;
}
