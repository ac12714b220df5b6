/* master_auto_state.h - schedule(auto)'s state on rank 0, shared by its three files: the choice and drift
 * check (master_auto.c), the calibration samples of a site without a prior (master_auto_calibration.c), and
 * the first instance's pick on the static weights with the chunks it times (master_auto_prior.c). Private
 * to them; master_auto.h is the interface. */
#ifndef LSC_EXEC_MASTER_AUTO_STATE_H
#define LSC_EXEC_MASTER_AUTO_STATE_H

#include "exec/master.h"
#include "lsc_sim.h"

struct lsc_auto_calibration {
  int64_t sample;          /* units per piece: every rank's sample, then the pieces while the choice waits */
  int64_t cap;             /* pieces end before this unit: the calibration is at most a quarter of the loop */
  int early;               /* samples still out when the choice was made (0: all were in)               */
  double *sent;            /* per planner worker: when its sample went out; < 0: not yet                */
  double *back;            /* per planner worker: when its sample came back; < 0: not yet               */
  int64_t *timed;          /* per planner worker: iterations of its pieces that came back               */
  lsc_auto_piece *pieces;  /* every piece that came back, for lsc_auto_speeds                    */
  lsc_auto_scatter spread; /* how their times scatter (lsc_auto_speeds)                        */
  int64_t count, room;
  double *per_iteration; /* scratch: lsc_auto_speeds */
  char why[160];
};

struct lsc_auto_choice {
  int decided;
  const char *redecide;    /* why the next instance chooses again; NULL: it reuses the pick */
  lsc_schedule pick;       /* what instances run until the next choice                     */
  double per_unit;         /* predicted seconds per planned unit; <= 0: the speeds were not timed */
  double reference;        /* measured over predicted in the first instance after the choice; 0: none yet */
  int ranks;               /* executing ranks the speeds below are for                     */
  double *speeds;          /* per executing rank: units per second last measured           */
  double bytes_per_unit;   /* array bytes a unit's chunk moved to and from its worker, last measured */
  double unheld_bytes;     /* in a data region: bytes per unit its worker did not hold, last measured   */
  double held_bytes;       /* in a data region: bytes per unit its worker held (a halo); 0 until measured */
  lsc_auto_scatter spread; /* how the calibration's pieces scattered (lsc_auto_speeds)          */
  int64_t piece_units;     /* units per calibration piece                                        */
  double planned_at;       /* this instance: when its planner was made                     */
  int64_t planned;         /* this instance: units it planned; 0 when no auto instance runs */
  int relative;            /* speeds are the static weights' ratios only: no time scale, so no service or
                              bytes in the simulation and no prediction to check drift against */
  const char *speeds_from; /* how the speeds were had, for LSC_STATS; NULL: "measured" when timed */
  int learning;            /* the instance runs the weights' pick: its chunks calibrate the next choice */
  lsc_auto_piece *chunks;  /* while learning: the chunks that came back, as calibration pieces */
  int64_t count, room;
  char *seen;        /* while learning: per executing rank, whether a chunk of it came back */
  char learned[160]; /* why the instance after the learning one chooses again */
  double *profile;   /* the learning instance's cost profile: bands + 1 prefix sums, then bands costs */
  int bands;         /* 0: none measured                                                       */
  int64_t profile_n; /* the loop's iterations when it was measured: another trip count drops it */
};

/* The site's choice, made for this instance's executing ranks (another count starts it over). */
lsc_auto_choice *lsc_auto_choice_of(lsc_master *m);
/* Appends a piece to a list that grows up to LSC_AUTO_MAX_PIECES; beyond that the rates rest on those kept.
 */
void lsc_auto_keep(const lsc_master *m, lsc_auto_piece **list, int64_t *count, int64_t *room,
                   lsc_auto_piece piece);
/* The first instance's speeds and assumed scatter from the static weights; returns why, for LSC_STATS. */
const char *lsc_auto_prior_choice(lsc_master *m, lsc_auto_choice *c, const lsc_plan_params *params);
/* After the instance on the weights' pick: the speeds, scatter and cost profile its chunks measured, and the
 * reason the next instance chooses again. */
void lsc_auto_learn(lsc_master *m, lsc_auto_choice *c);

#endif
