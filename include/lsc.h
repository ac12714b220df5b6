/* lsc.h - the lsc runtime (liblsc): self-scheduled parallel loops over MPI.
 *
 * Execution model: rank 0 runs the user's program; every other rank is captured by liblsc before main runs
 * and serves parallel loops until rank 0 exits. A parallel loop is described by
 *   - a site:  static, per loop in the source (body function, bind function, clause text);
 *   - an env:  a struct the caller owns, holding every value the body reads (by value) and a pointer field
 * for every array it touches;
 *   - vars:    one lsc_var per env field the runtime must move (built at the loop, values may be run-time);
 *   - n:       the trip count. The body runs logical iterations k in [0, n); it maps k to the user's index.
 * Generated code and hand-written programs use exactly this API; docs/runtime.md has a hand-written example.
 */
#ifndef LSC_H
#define LSC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2: lsc_site gained the reproducible clause; 3: strided slices, slice lists; 4: reissue and
 * reissue_unsafe */
#define LSC_ABI_VERSION 4
#define LSC_SITE_MAGIC 0x4c534331u /* "LSC1" */

/* What lsc-rewrite puts before each outlined body function (lsc_body_*, lsc_loop_*, lsc_row_*). GCC at -O2
 * vectorizes a loop only under its "very cheap" cost model: when the vector loop needs neither an epilogue
 * nor a run-time alias test. A loop whose bounds were constants in the sequential program (gcc propagates
 * them into a static function called once) can pass; outlined, its bounds come from the environment at run
 * time, and the loop stays scalar: jacobi_2d's row (N = 2000) took 1.95 us outlined against 1.5 us in the
 * sequential build. An outlined body takes -O3's cost model instead ("dynamic": an epilogue and run-time
 * alias tests where the model says they pay). It only chooses among vectorizations the command line allows
 * (-O0, -O1, -Os and -fno-tree-vectorize keep the body scalar, -ffp-contract stays as given), and GCC's
 * vector lanes never reorder floating-point operations without -ffast-math's licences, so results keep the
 * sequential program's bits. Define LSC_KEEP_COST_MODEL to leave the command line's model alone; other
 * compilers (clang vectorizes such loops at -O2 already) get nothing. */
#if defined(__GNUC__) && !defined(__clang__) && !defined(LSC_KEEP_COST_MODEL)
#define LSC_OUTLINED __attribute__((optimize("vect-cost-model=dynamic")))
#else
#define LSC_OUTLINED
#endif

/* Runs logical iterations [lo, hi) with the data reachable from env. Must not keep env after returning. */
typedef void (*lsc_body_fn)(int64_t lo, int64_t hi, void *env);
/* Stores into env the addresses of file-scope objects the body uses (globals), as seen by the calling
 * process. Called on every rank, since each process has its own addresses. May be NULL. */
typedef void (*lsc_bind_fn)(void *env);

/* The clauses of `#pragma lsc` that reach the runtime as text, as the last fields of lsc_site, in order:
 *   schedule  "gss", "css(64)", "runtime", ...
 *   alpha     "75", "auto"
 *   weights   "clock", "load", "measured", "equal"
 *   workload  "uniform", "increasing(1,2)", ...
 *   threads   "4", "auto": OpenMP threads inside a rank
 *   reproducible  "on", "off", "256": reductions over fixed blocks of iterations, combined in block order, so
 *             the result has the same bits for every rank count, schedule and run (a number is the block
 *             size in iterations; `parallel for` only, a pipelined nest has no reductions)
 *   reissue   "on", "off", "3": whether a chunk still outstanding when nothing is left to hand out may run
 * again on an idle rank (the first result wins), and the most copies of one chunk lsc-rewrite fills them from
 * its clause table (tool/rewrite/clause/clause_table.h), which checks at compile time that it names exactly
 * these fields; the runtime reads every one (runtime/config/settings.c). */
#define LSC_SITE_CLAUSES(X) X(schedule) X(alpha) X(weights) X(workload) X(threads) X(reproducible) X(reissue)
#define LSC_SITE_COUNT_ONE_(field) +1
enum { LSC_SITE_CLAUSE_COUNT = 0 LSC_SITE_CLAUSES(LSC_SITE_COUNT_ONE_) };

/* One per loop in the program; must have static storage duration (workers locate it in their own copy of
 * the program image). Clause strings are the pragma's text; NULL means "not given". */
typedef struct lsc_site {
  uint32_t magic; /* LSC_SITE_MAGIC */
  uint32_t abi;   /* LSC_ABI_VERSION */
  const char *file;
  int line;
  lsc_body_fn body;
  lsc_bind_fn bind;
  size_t env_size;
  /* NULL when lsc-rewrite proved that the body's only effects are its outputs (no I/O, no call it cannot
   * see), so running a chunk twice is harmless and re-issue is on by default; else why it is not ("'printf'
   * does I/O"), and re-issue runs only when reissue(...) or LSC_REISSUE asks. Hand-written sites: NULL. */
  const char *reissue_unsafe;
#define LSC_SITE_CLAUSE_FIELD_(field) const char *field;
  LSC_SITE_CLAUSES(LSC_SITE_CLAUSE_FIELD_)
#undef LSC_SITE_CLAUSE_FIELD_
} lsc_site;

/* A site written by hand: no clauses, the runtime's defaults and the environment decide; re-issue is off
 * unless LSC_REISSUE or a `.reissue = "on"` field asks, since nothing proved the body safe to run twice. */
#define LSC_SITE_INIT(file_, line_, body_, bind_, env_type_)                                                 \
  {                                                                                                          \
    .magic = LSC_SITE_MAGIC, .abi = LSC_ABI_VERSION, .file = (file_), .line = (line_), .body = (body_),      \
    .bind = (bind_), .env_size = sizeof(env_type_),                                                          \
    .reissue_unsafe = "the site is written by hand (LSC_SITE_INIT)"                                          \
  }

/* Element types, for reductions. */
typedef enum lsc_type {
  LSC_TYPE_CHAR,
  LSC_TYPE_SCHAR,
  LSC_TYPE_UCHAR,
  LSC_TYPE_SHORT,
  LSC_TYPE_USHORT,
  LSC_TYPE_INT,
  LSC_TYPE_UINT,
  LSC_TYPE_LONG,
  LSC_TYPE_ULONG,
  LSC_TYPE_LLONG,
  LSC_TYPE_ULLONG,
  LSC_TYPE_FLOAT,
  LSC_TYPE_DOUBLE,
  LSC_TYPE_LDOUBLE,
  LSC_TYPE_BOOL
} lsc_type;

typedef enum lsc_redop {
  LSC_RED_ADD,
  LSC_RED_MUL,
  LSC_RED_MIN,
  LSC_RED_MAX,
  LSC_RED_BAND,
  LSC_RED_BOR,
  LSC_RED_BXOR,
  LSC_RED_LAND,
  LSC_RED_LOR
} lsc_redop;

typedef enum lsc_var_kind {
  LSC_VAR_SCALAR,    /* env field (size bytes) read by the body: copied from rank 0 to every worker      */
  LSC_VAR_REDUCTION, /* env field of `type`: identity on each worker, partials combined on rank 0 by `op` */
  LSC_VAR_ARRAY      /* env field holding a pointer to element 0 of an array of `size`-byte elements    */
} lsc_var_kind;

/* Flags of a var. */
enum {
  LSC_VAR_INDIRECT = 1u << 0, /* SCALAR/REDUCTION: the env field is a pointer to the object (a global set by
                                 bind); the runtime moves *field instead of the field itself.              */
  LSC_VAR_GLOBAL = 1u << 1,   /* ARRAY: the pointer is set by bind to the process's own object; workers use
                                 it as their copy instead of allocating a mirror.                          */
  LSC_VAR_READ = 1u << 2,     /* ARRAY: the body reads the `in` slice                                       */
  LSC_VAR_WRITE = 1u << 3,    /* ARRAY: the body may write within the `out` slice                          */
  LSC_VAR_WHOLE = 1u << 4,    /* ARRAY: read anywhere: elements [0, extent) are sent once per loop        */
  LSC_VAR_OUT_EXACT = 1u << 5, /* ARRAY: every element of `out` is written by its iteration, so the runtime
                                 need not send the out slice to the worker first. Without it, unwritten
                                 elements of `out` keep rank 0's values.                                   */
  LSC_VAR_NOALIAS = 1u << 6    /* ARRAY: promised not to overlap the loop's other arrays (a `restrict`
                                 pointer, or named in noalias(...)): the run-time overlap check skips it.  */
};

/* The elements logical iteration k touches: [a*k + b, c*k + d), clipped to [0, extent). Empty if end <=
 * start. A strided slice (stride != 0) repeats that range e*k + f times, each repetition `stride` elements
 * further: column k of a row-major matrix of m rows and n columns is {1, 0, 1, 1, n, 0, m} (one element,
 * once per row). With stride 0 the range is taken once, so a slice written {a, b, c, d} is the plain range.
 * A chunk [lo, hi) touches the union over its iterations; the runtime moves exactly that union. */
typedef struct lsc_slice {
  int64_t a, b, c, d;
  int64_t stride, e, f;
} lsc_slice;

/* A var's footprint in one direction is a small list of slices: `in` (or `out`) and the first nin_more (or
 * nout_more) of in_more (out_more). The union moves; the slices of one iteration may overlap (row i and
 * column i share their diagonal element). Generated code names them with designated initializers. */
#define LSC_MORE_SLICES 3
/* The last fields of a var whose footprints are single slices, for descriptors written positionally:
 * {"a", LSC_VAR_ARRAY, ..., in, out, LSC_NO_MORE_SLICES}. */
#define LSC_NO_MORE_SLICES                                                                                   \
  0, 0, {{0}}, {                                                                                             \
    { 0 }                                                                                                    \
  }

typedef struct lsc_var {
  const char *name; /* the user's name, for stats and errors (rank 0 only) */
  lsc_var_kind kind;
  unsigned flags;
  size_t offset;  /* offsetof(env type, field)                                    */
  size_t size;    /* SCALAR: bytes of the field (or of *field if INDIRECT); ARRAY: element size; REDUCTION:
                     sizeof(type) */
  lsc_type type;  /* REDUCTION                                                     */
  lsc_redop op;   /* REDUCTION                                                     */
  int64_t extent; /* ARRAY: elements the array has; <= 0: unknown, derived from the slices over [0, n) */
  lsc_slice in;   /* ARRAY with LSC_VAR_READ                                       */
  lsc_slice out;  /* ARRAY with LSC_VAR_WRITE                                      */
  int nin_more, nout_more; /* ARRAY: further slices of the footprint, 0..LSC_MORE_SLICES */
  lsc_slice in_more[LSC_MORE_SLICES], out_more[LSC_MORE_SLICES];
} lsc_var;

/* Optional: liblsc captures the workers before main runs, so programs need not call this. Safe to call
 * more than once and after the program's own MPI_Init. */
void lsc_init(int *argc, char ***argv);
/* Optional: releases the workers and finalises MPI; also run at exit. */
void lsc_finalize(void);
int lsc_rank(void);      /* this process's rank, 0 on the master */
int lsc_num_ranks(void); /* ranks taking part, 1 when run without mpirun */

/* Runs the loop: on rank 0 it returns when all n iterations are done and rank 0's memory holds every
 * written element and the combined reductions, as after the sequential loop. Returns 0; on a fatal error
 * it prints one line and aborts every rank. */
int lsc_parallel_for(const lsc_site *site, void *env, lsc_var *vars, int nvars, int64_t n);

/* Runs the loop as lsc_parallel_for does with one rank: the body over [0, n) on the caller's env, in the
 * calling process, while the workers wait. For an instance lsc cannot distribute: generated code calls it
 * when the induction variable wraps around inside the loop (lsc_iv_wraps). Same errors and LSC_STATS line as
 * a local run. Returns 0. */
int lsc_parallel_for_local(const lsc_site *site, void *env, int64_t n);

/* ---- Pipelined loop nests (DMPS, [ciorba-hopt] and [ciorba-dmps]): `#pragma lsc pipeline for` ----
 * A perfect nest of depth >= 2 with constant dependence distances. The outer loop (logical k1 in [0, n1)) is
 * the scheduling dimension: the master hands out chunks of consecutive k1 in order, by any scheme. The next
 * loop (logical k2 in [0, n2)) is the synchronization dimension, cut into blocks of h.
 *
 * Blocks are taken in skewed coordinates x = k2 + skew * k1, so that a distance (d1, d2) with d2 < 0 becomes
 * (d1, d2 + skew * d1) >= 0 (docs/pipeline.md): block b of row k1 holds k2 in [b*h - skew*k1, (b+1)*h -
 * skew*k1) clipped to [0, n2), and blocks are aligned across chunks. A worker runs block b of its chunk
 * (rows in order, each row's k2 ascending) once it holds block b of the previous chunk's last `dep_rows`
 * rows, then sends the same of its own chunk to the worker of the next chunk.
 *
 * Values travel as for lsc_parallel_for (in/out slices of each var are affine in k1 and cover whole rows),
 * plus, between consecutive chunks, the elements that the `boundary` cells of the last dep_rows rows wrote.
 */

/* Runs logical row k1 for k2 in [k2_lo, k2_hi). */
typedef void (*lsc_row_fn)(int64_t k1, int64_t k2_lo, int64_t k2_hi, void *env);

#define LSC_PIPELINE_SITE_MAGIC 0x4c535031u /* "LSP1" */

/* A pipelined nest's site: static storage, like lsc_site. base.magic is LSC_PIPELINE_SITE_MAGIC and
 * base.body is NULL; the clause strings of base apply (schedule names the chunk scheme). */
typedef struct lsc_pipeline_site {
  lsc_site base;
  lsc_row_fn row;
  const char
      *sync; /* sync(...) clause text: "auto" ([ciorba-hopt]'s h_opt from measured costs) or a count h */
} lsc_pipeline_site;

/* Elements of var `var` that iteration (k1, k2) writes: [a1*k1 + a2*k2 + b, c1*k1 + c2*k2 + d). */
typedef struct lsc_cell_slice {
  int var;
  int64_t a1, a2, b, c1, c2, d;
} lsc_cell_slice;

typedef struct lsc_nest {
  int64_t n1;       /* trip count of the scheduling (outer) loop                                    */
  int64_t n2;       /* trip count of the synchronization loop                                       */
  int64_t dep_rows; /* max d1 over the dependences that cross rows: rows a chunk needs from before it */
  int64_t skew;     /* max ceil(-d2 / d1) over distances with d2 < 0, else 0                         */
  const lsc_cell_slice *boundary; /* what crosses from chunk to chunk                               */
  int nboundary;
} lsc_nest;

/* Runs the nest; on rank 0 it returns with memory as after the sequential nest. Returns 0; fatal errors
 * print one line and abort every rank. */
int lsc_pipeline_for(const lsc_pipeline_site *site, void *env, lsc_var *vars, int nvars,
                     const lsc_nest *nest);

/* ---- Data regions: `#pragma lsc data`, `update`, `enter data`, `exit data` (OpenACC's data clauses) ----
 * lsc-rewrite turns each directive into one call with the items it names, each a byte range of rank 0's
 * memory. The runtime keeps the ranges present (by address, with a count of the regions holding each, as
 * OpenACC's present table does) from enter to exit, so loops in called functions inside a region find them.
 * Today every loop still returns what it writes to rank 0, so at every point rank 0's memory holds what the
 * sequential program would (update is then a check); the ranges are what lets the runtime keep data on the
 * ranks between the loops of a region. */
#define LSC_DATA_SITE_MAGIC 0x4c534431u /* "LSD1" */

typedef enum lsc_data_kind {
  LSC_DATA_COPY,    /* in at enter, back at exit                 */
  LSC_DATA_COPYIN,  /* in at enter                               */
  LSC_DATA_COPYOUT, /* back at exit                              */
  LSC_DATA_CREATE,  /* neither: the loops write it before reading */
  LSC_DATA_DELETE,  /* exit data: leave without bringing back     */
  LSC_DATA_HOST,    /* update host: the ranks' newest to rank 0  */
  LSC_DATA_WORKERS  /* update workers: rank 0's values out        */
} lsc_data_kind;

typedef struct lsc_data_site {
  uint32_t magic; /* LSC_DATA_SITE_MAGIC */
  uint32_t abi;   /* LSC_ABI_VERSION */
  const char *file;
  int line;
} lsc_data_site;

typedef struct lsc_data_item {
  const char *name; /* as written in the clause, for messages */
  void *base;       /* rank 0's first byte */
  size_t bytes;
  int kind; /* lsc_data_kind */
} lsc_data_item;

/* `data` (opening) and `enter data`; `data` (closing) and `exit data`; `update`. A range that is not present
 * at an exit or an update, or that overlaps a present one without being it, stops the program with a message
 * naming the directive and the item. */
void lsc_data_enter(const lsc_data_site *site, const lsc_data_item *items, int n);
void lsc_data_exit(const lsc_data_site *site, const lsc_data_item *items, int n);
void lsc_data_update(const lsc_data_site *site, const lsc_data_item *items, int n);
/* A region lsc-rewrite inferred around a time loop (no directive): enters every item as lsc_data_enter does
 * and returns 1, or enters none and returns 0 when an item overlaps a present range without being it (a
 * caller's region holds part of the array), so the loops run as without the region; exit only after a 1. */
int lsc_data_enter_inferred(const lsc_data_site *site, const lsc_data_item *items, int n);
/* Whether [base, base + bytes) lies inside a present range (for tests and the runtime's loops). */
int lsc_data_present(const void *base, size_t bytes);
/* Rank-0 code the rewriter generates reads and writes [base, base + bytes) outside a loop (an array
 * reduction's copy in and out): inside a data region the ranks' newest bytes come home first and rank 0's
 * become the only copy; nothing happens otherwise. */
void lsc_data_touch(const void *base, size_t bytes);

/* ---- The checked run: LSC_CHECK_BOUNDS=1 ----
 * lsc-rewrite proves some loops parallel by C's in-bounds rule for arrays of arrays: a subscript into an
 * inner dimension stays inside it, so rows of different iterations never overlap. Where a proof rests on it,
 * the outlined body passes those subscripts through lsc_subscript, which returns them unchanged; with
 * LSC_CHECK_BOUNDS=1 it also checks them and stops the program at the first one outside its dimension. */
typedef struct lsc_subscript_site {
  const char *file;
  int line;
  const char *array;     /* the array's name                        */
  const char *subscript; /* the subscript as written                */
  const char *dim;       /* the dimension as declared ("NJ", "nj")  */
} lsc_subscript_site;

extern int lsc_check_bounds; /* set on every rank from LSC_CHECK_BOUNDS before main runs */
/* Prints "lsc: error: file:line: subscript 'j' (75) of 'C' is outside its dimension [0, NJ) (NJ = 70)" and
 * stops every rank. */
void lsc_subscript_outside(int64_t value, int64_t dim, const lsc_subscript_site *where)
    __attribute__((noreturn));
/* A reduction section y[0:len] longer than y's declared size: "lsc: error: file:line: the section 'y[0:n]'
 * of the reduction has 80 elements; 'y' is declared with 60", and every rank stops. */
void lsc_section_outside(int64_t len, int64_t declared, const lsc_subscript_site *where)
    __attribute__((noreturn));
static inline int64_t lsc_subscript(int64_t value, int64_t dim, const lsc_subscript_site *where) {
  if (lsc_check_bounds && (value < 0 || value >= dim))
    lsc_subscript_outside(value, dim, where);
  return value;
}

/* ---- Trip counts ----
 * A negative count is an error that lsc_parallel_for and lsc_pipeline_for report naming the loop. */
enum {
  LSC_TRIP_FOREVER = -1,  /* the loop would not terminate                               */
  LSC_TRIP_TOO_MANY = -2, /* it terminates, after more than INT64_MAX iterations         */
  LSC_TRIP_INVALID = -3   /* lsc_iv_trip_count was given type codes it does not know     */
};

/* Comparisons of a loop condition, seen from the induction variable: `hi > i` is LSC_CMP_LT. */
enum { LSC_CMP_LT, LSC_CMP_LE, LSC_CMP_GT, LSC_CMP_GE, LSC_CMP_NE, LSC_CMP_COUNT };

/* Integer types for lsc_iv_trip_count, as width and signedness (all C needs to count): the code is the width
 * in bits times two, plus one when signed. With LP64, int is LSC_I32, unsigned long and size_t LSC_U64. */
#define LSC_INT_TYPES(X)                                                                                     \
  X(I8, 8, 1) X(U8, 8, 0) X(I16, 16, 1) X(U16, 16, 0) X(I32, 32, 1) X(U32, 32, 0) X(I64, 64, 1) X(U64, 64, 0)
#define LSC_INT_TYPE_ENUM_(name, bits, is_signed) LSC_##name = (bits)*2 + (is_signed),
enum { LSC_INT_TYPES(LSC_INT_TYPE_ENUM_) LSC_INT_TYPE_CODE_MAX = 129 };
#undef LSC_INT_TYPE_ENUM_

/* Trip count of `for (T i = init; i CMP bound; i += step)` exactly as C runs it, bounds and step evaluated
 * once, for every integer type T of up to 64 bits.
 *   iv_type:  T; i takes the values init + k*step modulo 2^width(T).
 *   cmp_type: the type the comparison is made in, the usual arithmetic conversions of promoted T and the
 *             bound's type (`unsigned char c < 300` compares as int, `unsigned u < int n` as unsigned).
 *   init:     i's first value in any integer type; only its low width(T) bits are read (the conversion).
 *   bound:    likewise, in any integer type; only its low width(cmp_type) bits are read.
 *   step:     what one increment adds, modulo 2^width(T); `i -= s` passes 0 - (uint64_t)s.
 * Returns the number of iterations; LSC_TRIP_FOREVER when the condition stays true for every value i takes
 * (`c < 300` for an unsigned char, a step of 0, a `!=` bound the steps never land on); LSC_TRIP_TOO_MANY;
 * LSC_TRIP_INVALID. Wrap-around is counted as C defines it for unsigned types and as two's complement for
 * signed ones (where C leaves overflow undefined, lsc-rewrite warns when it can see it). */
int64_t lsc_iv_trip_count(uint64_t init, uint64_t bound, uint64_t step, int cmp, int iv_type, int cmp_type);

/* 1 when the values i takes in iterations [0, n) are not init + k*step in the integers, with init read as
 * a T and step as a signed number of T's width: i wraps around inside the loop. The rewriter describes
 * array slices as linear in k, so such an instance runs on one rank (lsc_parallel_for_local). */
int lsc_iv_wraps(uint64_t init, uint64_t step, int64_t n, int iv_type);

/* Trip count of `for (i = lo; i CMP hi; i += step)` in 64-bit integers without wrap-around, for programs
 * written by hand: 0 when the loop does not run, LSC_TRIP_FOREVER when it runs and would not terminate (a
 * step of 0 or away from the bound, or != with a step that jumps over it), LSC_TRIP_TOO_MANY when it would
 * run more than INT64_MAX times. Generated code uses lsc_iv_trip_count, which follows C's types. */
static inline int64_t lsc_count_from_distance_(uint64_t dist, uint64_t step, int inclusive) {
  uint64_t steps = inclusive ? dist / step : (dist - 1) / step; /* +1 below could wrap: compare first */
  return steps >= (uint64_t)INT64_MAX ? LSC_TRIP_TOO_MANY : (int64_t)steps + 1;
}
static inline int64_t lsc_trip_count(int64_t lo, int64_t hi, int64_t step, int cmp) {
  int up = cmp == LSC_CMP_LT || cmp == LSC_CMP_LE || (cmp == LSC_CMP_NE && hi > lo);
  int runs = cmp == LSC_CMP_LT   ? lo < hi
             : cmp == LSC_CMP_LE ? lo <= hi
             : cmp == LSC_CMP_GT ? lo > hi
             : cmp == LSC_CMP_GE ? lo >= hi
                                 : lo != hi;
  if (!runs)
    return 0;
  if (step == 0 || (step > 0) != up)
    return LSC_TRIP_FOREVER;
  uint64_t dist = up ? (uint64_t)hi - (uint64_t)lo : (uint64_t)lo - (uint64_t)hi;
  uint64_t s = step > 0 ? (uint64_t)step : (uint64_t)0 - (uint64_t)step;
  if (cmp == LSC_CMP_NE)
    return dist % s != 0                    ? LSC_TRIP_FOREVER
           : dist / s > (uint64_t)INT64_MAX ? LSC_TRIP_TOO_MANY
                                            : (int64_t)(dist / s);
  return lsc_count_from_distance_(dist, s, cmp == LSC_CMP_LE || cmp == LSC_CMP_GE);
}

#ifdef __cplusplus
}
#endif
#endif
