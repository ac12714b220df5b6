/* master_auto.h - schedule(auto) on rank 0: which technique a loop site's instance runs, and when to choose
 * again.
 *
 * choose: with static weights as a prior (lsc_master_auto_from_prior), the site's first instance picks on
 * them before measuring and times its chunks, and the next instance chooses on those chunks (speeds and a
 * cost profile). Without one (measured weights, alpha(auto)) the first instance calibrates without a barrier
 * (the hooks below: samples, then more pieces for the ranks that are in while the choice waits). Either
 * way the candidates are simulated with lsc-plan's model (lsc_auto_rank, runtime/sched/auto.c) on those
 * speeds, the loop's workload clause (else the measured profile, else guessed profiles of the measured or
 * assumed scatter), a master service time of LSC_AUTO_SERVICE per request and the data each chunk moves,
 * and the fastest predicted is picked. Later instances reuse the pick.
 *
 * drift: after each instance the measured time of the planned part (from the planner's creation to the last
 * result) per unit is divided by the prediction per unit. The first instance after a choice sets the
 * reference ratio (the model's systematic error on this loop: data movement, the master's own chunks); an
 * instance whose ratio is more than LSC_AUTO_DRIFT away from the reference makes the next instance choose
 * again, on the speeds this instance measured per rank (iterations over busy plus LSC_SLOWDOWN idle time).
 * Instances shorter than LSC_AUTO_MIN_SECONDS are not checked.
 *
 * LSC_STATS prints every choice with the ranking of predicted times, and every drift that triggers one. */
#ifndef LSC_EXEC_MASTER_AUTO_H
#define LSC_EXEC_MASTER_AUTO_H

#include "exec/master.h"

/* The master's time to answer one request, as the model sees it: a request and its answer over shared
 * memory or a LAN (a few to 20 us, docs/runtime.md "Measured on this machine"). */
#define LSC_AUTO_SERVICE 20e-6
/* Relative change of measured over predicted time that makes a site choose again. */
#define LSC_AUTO_DRIFT 0.25
/* Instances whose planned part is shorter than this never trigger a new choice: on a shared machine one
 * time slice given to another program (several ms) is more than their whole time. */
#define LSC_AUTO_MIN_SECONDS 0.01
/* Candidates handing out more chunks than this are not simulated (predicted: never). */
#define LSC_AUTO_MAX_CHUNKS 200000

/* The calibration of a schedule(auto) site takes a sample of units / (LSC_AUTO_SAMPLE_SHARE x ranks) units
 * per rank, between 1 and LSC_CALIBRATION_SAMPLES: the samples are at most 1/64 of the loop. */
#define LSC_AUTO_SAMPLE_SHARE 64
/* A sample still out when most are in is waited for until it has been out this many times as long as the
 * quickest sample took to come back. */
#define LSC_AUTO_WAIT 8.0
/* ... and at least this long: a few time slices of a shared node's scheduler. */
#define LSC_AUTO_WAIT_FLOOR 10e-3
/* Iteration costs count as irregular from this log standard deviation of the calibration pieces' costs
 * (timing noise of uniform loops stays below it): the candidates are then ranked over LSC_AUTO_PROFILES
 * cost profiles of LSC_AUTO_BANDS_PER_RANK bands per computing rank (lsc_auto_rank_varied). */
#define LSC_AUTO_IRREGULAR 0.5
#define LSC_AUTO_PROFILES 8
#define LSC_AUTO_BANDS_PER_RANK 4
/* The choice waits for this many pieces per computing rank while more are left: with the first ones, two
 * more each, so that the pieces' scatter can be measured (lsc_auto_speeds). */
#define LSC_AUTO_PIECES_PER_RANK 3
/* The first instance of a site with a prior chooses before measuring (lsc_master_auto_from_prior): its
 * iteration costs are assumed to scatter this much (log sd), about the most irregular loop calibrated here
 * (mandelbrot's rows, 0.7-0.94). A pick that holds there holds on evener loops; a pick for an even loop
 * loses on an irregular one (gss's large first chunks: mandelbrot / moderate 0.158 s against fss's 0.129 s,
 * docs/results.md session 11), and at 0.5 gss still tied with fss within LSC_AUTO_TIE_IRREGULAR. */
#define LSC_AUTO_PRIOR_SCATTER 1.0
/* Bands of the cost profile measured from the chunks of an instance that ran the weights' pick
 * (lsc_auto_profile): the next choice simulates the candidates on it. */
#define LSC_AUTO_PROFILE_BANDS 1024
/* Calibration pieces kept for the rates (lsc_auto_speeds); a longer calibration's rates rest on these. */
#define LSC_AUTO_MAX_PIECES 4096

typedef struct lsc_auto_calibration lsc_auto_calibration;

/* The calibration without a barrier (lsc_auto_ready, runtime/sched/auto.c), as hooks of master.c's:
 * sample_units  units per sample: `most` for other sites, fewer for a short schedule(auto) loop.
 * calibrate     at the start of the first instance's calibration: m->auto_cal, for a schedule(auto) site.
 * more          a rank whose sample is in gets another piece (the next units before the planner's part):
 *               while the choice waits, up to a quarter of the loop.
 * sent          planner worker `index`'s sample went out now.
 * sample        a piece of `index` (iterations from `start`) came back: its rate is folded in
 * (m->sample_busy, sample_swr, and samples_done at its first); 1 when the calibration is to finish now, the
 * samples still out bounded by their time so far. After the choice, a late sample's rate is kept (0). */
int64_t lsc_master_auto_sample_units(const lsc_master *m, int64_t most);
void lsc_master_auto_calibrate(lsc_master *m);
void lsc_master_auto_calibration_free(lsc_master *m);
int lsc_master_auto_more(const lsc_master *m);
void lsc_master_auto_sent(lsc_master *m, int index);
int lsc_master_auto_sample(lsc_master *m, int index, int64_t start, int64_t iterations, double seconds,
                           double swr);

/* Whether this schedule(auto) site's next instance runs a pick made on the static weights (clock, a list)
 * instead of calibrating first: its first instance, when those weights are a prior and nothing asks for
 * calibration samples anyway (measured weights, alpha(auto)). Such an instance starts as a fixed
 * technique's first one does (rank 0's leading piece, master_lead.h), its chunks are timed as calibration
 * pieces (lsc_master_auto_chunk), and the next instance chooses on them. A single-instance loop then pays
 * nothing for the calibration: on the emulated clusters its one-iteration pieces, each a round trip to a
 * master that also computes, cost more than a pick on the weights lost (docs/results.md, session 11). */
int lsc_master_auto_from_prior(const lsc_master *m);
/* A chunk of planner worker `index` came back (iterations from `start`, `seconds` busy and LSC_SLOWDOWN
 * idle): kept while the instance runs the weights' pick, ignored otherwise. */
void lsc_master_auto_chunk(lsc_master *m, int index, int64_t start, int64_t iterations, double seconds);

/* In lsc_master_make_planner, for a schedule(auto) site: puts the technique to run in params->schedule
 * (whose workload and counts are in units already) and "auto:<pick>" in the settings' schedule text. */
void lsc_master_auto_choose(lsc_master *m, lsc_plan_params *params);
/* After every instance: for one that ran schedule(auto)'s pick, the drift check (others return at once).
 * `end` is the instance's last result. */
void lsc_master_auto_after(lsc_master *m, double end);

#endif
