/* args.c - parses and cross-checks lsc-plan's options; a refusal is one line on stderr and exit status 2. */
#include "args.h"
#include "held_args.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITERATIONS (INT64_C(1) << 62)
#define MAX_WORKERS INT64_C(1000000)
#define MAX_CORES INT64_C(1048576)

void plan_print_usage(void) {
  puts(
      "usage: lsc-plan --scheme=S --iterations=N --workers=P [options]\n"
      "\n"
      "Prints the chunks a scheduling scheme hands out, or simulates a master/worker run.\n"
      "\n"
      "  --scheme=S          static, cyclic, block_cyclic(k), pss, css(k), gss[(min)], fss[(x)], "
      "tss[(F,L)],\n"
      "                      fiss[(B)], tfss[(F,L)], dcss(k), dgss[(min)], dfss[(x)], dtss[(F,L)],\n"
      "                      fsc[(h,sigma)], mfsc, fac[(mu,sigma)], fac2, wf, tap[(mu,sigma,a)],\n"
      "                      viss[(k)], pls[(swr)], rnd[(min,max)], static_steal[(k)], bold, awf,\n"
      "                      awf_b..awf_e, af, OpenMP's dynamic[,k], guided[,k], static[,k];\n"
      "                      auto: simulates the candidates on the cluster given (--speeds, --service,\n"
      "                      --workload, ...), prints their ranking and goes on with the pick, as\n"
      "                      schedule(auto) does at run time\n"
      "  --seed=S            rnd's seed, 0..2^62 (the runtime reads LSC_RND_SEED; default 0)\n"
      "  --iterations=N      loop trip count, 0..2^62 (default: the line count of --workload=file:PATH)\n"
      "  --workers=P         1..1000000 (default: the length of a per-worker list)\n"
      "  --alpha=A           0..100 or auto: A% of the work split once by weight first ([chang-alpha])\n"
      "  --weights=W,...     relative power per worker for the alpha split and the d* schemes\n"
      "                      (in every per-worker list, V*N stands for N copies of V)\n"
      "  --power=V,...       virtual power VP_k (d* schemes); weights = power / runqueue\n"
      "  --runqueue=Q,...    processes in each worker's run queue\n"
      "  --cores=C,...       cores per worker: a worker gets the sum of its cores' next chunks\n"
      "  --format=F          table (step worker start size), sizes (one line), report (simulation)\n"
      "\n"
      "Simulation (event-driven, virtual time: whoever finishes first asks next):\n"
      "  --speeds=S,...      relative speed per worker; turns the simulation on\n"
      "  --workload=W        uniform, increasing[(b,h)], decreasing[(b,h)], random[:seed], file:PATH\n"
      "  --latency=SECONDS   delay between a request and the start of its chunk\n"
      "  --gantt=FILE.svg    draw the simulated schedule (speeds default to 1)\n"
      "  --service=SECONDS   the master's time to answer one request; requests queue at it (default 0)\n"
      "  --bytes=B           bytes one iteration's chunk moves through the master (both ways); the master\n"
      "                      sends them at --bandwidth before its next answer, as schedule(auto) charges\n"
      "  --bandwidth=BPS     the master's bytes per second for --bytes (default 1e9, the runtime's)\n"
      "  --held=H            a data region's placement: an iteration its chunk's worker holds moves\n"
      "                      --held-bytes, the others --bytes. block: where static's chunks of these\n"
      "                      parameters went; W,W,...: the holders of equal parts (workers 0..P-1 or\n"
      "                      none, W*N: N parts)\n"
      "  --held-bytes=B      bytes an iteration moves when its worker holds its data (a halo; default 0)\n"
      "  --affinity=on|off   with --held, dynamic schemes take chunks where the asker's data is, as the\n"
      "                      runtime does (default on); off: in order, as in reproducible mode\n"
      "  --reissue=R         off, on, or the most copies of one chunk: as the runtime, an idle worker gets "
      "a\n"
      "                      part of an outstanding chunk's tail (or a copy) once none is unassigned, or an\n"
      "                      overdue one's before new work; each iteration's first result wins\n"
      "  --freeze=K@T,...    worker K stops for good at time T (a stopped or dead rank)\n"
      "  --slowdown=F,...    LSC_SLOWDOWN's form per worker, in virtual time: F, or steps F@T joined by ':'\n"
      "                      (1,4@500: worker 1 four times slower from time 500 on)\n"
      "\n"
      "Pipelined nest ([ciorba-hopt]'s model of DMPS; --iterations is the scheduling dimension U_c):\n"
      "  --pipeline          print the predicted parallel time T(h) and the optimal interval h_opt\n"
      "  --sync-iterations=U iterations of the synchronization dimension U_s, 1..2^62\n"
      "  --cd=SECONDS        message start-up c_d\n"
      "  --cc=SECONDS        transfer time c_c per data unit (byte or element)\n"
      "  --cp=SECONDS        one iteration on the slowest worker, c_p > 0\n"
      "  --csch=SECONDS      the master computing one chunk, c_sch (default 0)\n"
      "  --exchange=UNITS    data units sent per iteration of h at a synchronization point (default 1)\n"
      "  --sync=H|auto       the row to print: interval H, or h_opt (default auto)\n"
      "  --sweep=FROM:TO:STEP  one row per h = FROM, FROM+STEP, ... <= TO\n"
      "\n"
      "  --help, --version   this text; lsc-plan's version");
}

int plan_refuse(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("lsc-plan: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return ARGS_BAD;
}

int plan_parse_int64(const char *text, int64_t lo, int64_t hi, int64_t *out) {
  char *end;
  errno = 0;
  if (!*text || *text == ' ' || *text == '+')
    return -1;
  long long value = strtoll(text, &end, 10);
  if (*end || errno || value < lo || value > hi)
    return -1;
  *out = value;
  return 0;
}

int plan_parse_double(const char *text, double *out) {
  char *end;
  if (!*text || *text == ' ')
    return -1;
  double value = strtod(text, &end);
  if (*end || !isfinite(value))
    return -1;
  *out = value;
  return 0;
}

/* One item of a per-worker list: "V" or "V*N" (N copies of V, so 1024 workers need not be typed out). The
 * value's text and the count; -1 when malformed. */
static int list_item(const char *item, double *value, int64_t *copies) {
  char text[64];
  const char *star = strchr(item, '*');
  size_t length = star ? (size_t)(star - item) : strlen(item);
  if (length >= sizeof text)
    return -1;
  memcpy(text, item, length);
  text[length] = '\0';
  *copies = 1;
  if (star && plan_parse_int64(star + 1, 1, MAX_WORKERS, copies) != 0)
    return -1;
  if (plan_parse_double(text, value) != 0 || !(*value > 0.0) || *value > 1e12)
    return -1;
  return 0;
}

/* A comma-separated list of numbers, each in (0, 1e12], an item "V*N" standing for N copies; -1 when
 * malformed or longer than MAX_WORKERS. */
static int parse_real_list(const char *text, double **out, int64_t *count) {
  double *values = NULL;
  int64_t n = 0;
  char item[96];
  for (const char *s = text;;) {
    const char *comma = strchr(s, ',');
    size_t length = comma ? (size_t)(comma - s) : strlen(s);
    double value;
    int64_t copies;
    if (length >= sizeof item)
      break;
    memcpy(item, s, length);
    item[length] = '\0';
    if (list_item(item, &value, &copies) != 0 || copies > MAX_WORKERS - n)
      break;
    double *grown = realloc(values, (size_t)(n + copies) * sizeof *values);
    if (!grown)
      break;
    values = grown;
    for (int64_t k = 0; k < copies; k++)
      values[n++] = value;
    if (!comma) {
      *out = values;
      *count = n;
      return 0;
    }
    s = comma + 1;
  }
  free(values);
  return -1;
}

/* Every option's value, as text, until the whole line is read and the worker count is known. */
typedef struct raw_options {
  const char *weights, *power, *runqueue, *cores, *speeds, *workload, *latency, *format, *alpha;
  const char *iterations, *workers, *seed;
} raw_options;

static int take_option(const char *arg, raw_options *raw, plan_options *o) {
  static const struct {
    const char *name;
    size_t offset;
  } text_options[] = {
      {"weights", offsetof(raw_options, weights)},   {"power", offsetof(raw_options, power)},
      {"runqueue", offsetof(raw_options, runqueue)}, {"cores", offsetof(raw_options, cores)},
      {"speeds", offsetof(raw_options, speeds)},     {"workload", offsetof(raw_options, workload)},
      {"latency", offsetof(raw_options, latency)},   {"format", offsetof(raw_options, format)},
      {"alpha", offsetof(raw_options, alpha)},       {"iterations", offsetof(raw_options, iterations)},
      {"workers", offsetof(raw_options, workers)},   {"seed", offsetof(raw_options, seed)},
  };
  if (strcmp(arg, "--pipeline") == 0) {
    o->pipeline.enabled = 1;
    return ARGS_OK;
  }
  const char *eq = strchr(arg, '=');
  if (strncmp(arg, "--", 2) != 0 || !eq)
    return plan_refuse("unknown argument '%s'; options are --name=value, see lsc-plan --help", arg);
  size_t name_length = (size_t)(eq - arg - 2);
  const char *value = eq + 1;
  if (name_length == 6 && strncmp(arg + 2, "scheme", 6) == 0) {
    o->scheme_text = value;
    return ARGS_OK;
  }
  if (name_length == 5 && strncmp(arg + 2, "gantt", 5) == 0) {
    if (!*value)
      return plan_refuse("--gantt: expected a file name");
    o->gantt_path = value;
    return ARGS_OK;
  }
  for (size_t i = 0; i < sizeof text_options / sizeof text_options[0]; i++)
    if (strlen(text_options[i].name) == name_length &&
        strncmp(arg + 2, text_options[i].name, name_length) == 0) {
      *(const char **)((char *)raw + text_options[i].offset) = value;
      return ARGS_OK;
    }
  if (pipeline_take_option(arg + 2, name_length, value, &o->pipeline))
    return ARGS_OK;
  if (sim_take_option(arg + 2, name_length, value, &o->sim))
    return ARGS_OK;
  return plan_refuse("unknown option '%.*s'; see lsc-plan --help", (int)(eq - arg), arg);
}

/* Takes the length of a per-worker list as the worker count, or checks it against the count given. */
static int agree_on_workers(const char *name, int64_t count, plan_options *o) {
  if (o->workers < 0)
    o->workers = count;
  else if (count != o->workers)
    return plan_refuse("--%s: expected %lld values (one per worker), got %lld", name, (long long)o->workers,
                       (long long)count);
  return ARGS_OK;
}

static int take_real_list(const char *name, const char *text, double **out, plan_options *o) {
  int64_t count;
  if (parse_real_list(text, out, &count) != 0)
    return plan_refuse(
        "--%s: expected numbers in (0, 1e12] separated by commas (V*N: N copies of V), got '%s'", name, text);
  return agree_on_workers(name, count, o);
}

static int take_cores(const char *text, plan_options *o) {
  double *values = NULL;
  int64_t count;
  int bad = parse_real_list(text, &values, &count) != 0;
  for (int64_t i = 0; !bad && i < count; i++)
    bad = values[i] != floor(values[i]) || values[i] > (double)MAX_CORES;
  if (!bad) {
    o->cores = malloc((size_t)count * sizeof *o->cores);
    bad = o->cores == NULL;
    for (int64_t i = 0; !bad && i < count; i++)
      o->cores[i] = (int64_t)values[i];
  }
  free(values);
  if (bad)
    return plan_refuse("--cores: expected integers 1..1048576 separated by commas, got '%s'", text);
  return agree_on_workers("cores", count, o);
}

static int resolve_counts(const raw_options *raw, plan_options *o) {
  if (raw->iterations && plan_parse_int64(raw->iterations, 0, MAX_ITERATIONS, &o->iterations) != 0)
    return plan_refuse("--iterations: expected an integer 0..2^62, got '%s'", raw->iterations);
  if (raw->workers && plan_parse_int64(raw->workers, 1, MAX_WORKERS, &o->workers) != 0)
    return plan_refuse("--workers: expected an integer 1..1000000, got '%s'", raw->workers);
  double *power = NULL, *runqueue = NULL;
  int status = ARGS_OK;
  if (raw->weights)
    status = take_real_list("weights", raw->weights, &o->weights, o);
  if (status == ARGS_OK && raw->power)
    status = take_real_list("power", raw->power, &power, o);
  if (status == ARGS_OK && raw->runqueue)
    status = take_real_list("runqueue", raw->runqueue, &runqueue, o);
  if (status == ARGS_OK && raw->cores)
    status = take_cores(raw->cores, o);
  if (status == ARGS_OK && raw->speeds)
    status = take_real_list("speeds", raw->speeds, &o->speeds, o);
  if (status == ARGS_OK && o->weights && (power || runqueue))
    status = plan_refuse("--weights: give either --weights or --power/--runqueue, not both");
  if (status == ARGS_OK && (power || runqueue)) {
    /* [ciorba-hopt] II: A_k = VP_k / q_k */
    o->weights = malloc((size_t)o->workers * sizeof *o->weights);
    if (!o->weights)
      status = plan_refuse("out of memory");
    for (int64_t k = 0; status == ARGS_OK && k < o->workers; k++)
      o->weights[k] = (power ? power[k] : 1.0) / (runqueue ? runqueue[k] : 1.0);
  }
  free(power);
  free(runqueue);
  return status;
}

static int resolve_alpha(const char *text, plan_options *o) {
  lsc_sched_error err;
  if (!text)
    return ARGS_OK;
  if (lsc_alpha_parse(text, &o->alpha, &err) != 0)
    return plan_refuse("--alpha: %s", err.message);
  if (o->alpha != LSC_ALPHA_AUTO)
    return ARGS_OK;
  /* alpha(auto): HR from the workers' power, SWR from five iterations spread over the loop ([wu-hybrid]
   * samples five; evenly spaced here, so the result is deterministic) */
  double samples[5];
  int64_t taken = 0;
  for (int64_t k = 0; k < 5 && o->iterations > 0; k++)
    samples[taken++] = sim_chunk_cost(&o->workload, (2 * k + 1) * o->iterations / 10, 1);
  const double *power = o->weights ? o->weights : o->speeds;
  o->alpha = lsc_alpha_auto(power, power ? o->workers : 0, samples, taken);
  return ARGS_OK;
}

int plan_parse_args(int argc, char **argv, plan_options *o) {
  raw_options raw;
  memset(&raw, 0, sizeof raw);
  memset(o, 0, sizeof *o);
  o->iterations = -1;
  o->workers = -1;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
      return ARGS_HELP;
    if (strcmp(argv[i], "--version") == 0)
      return ARGS_VERSION;
    if (take_option(argv[i], &raw, o) != ARGS_OK)
      return ARGS_BAD;
  }
  if (!o->scheme_text)
    return plan_refuse("--scheme is required; see lsc-plan --help");
  lsc_sched_error err;
  if (lsc_schedule_parse(o->scheme_text, &o->schedule, &err) != 0)
    return plan_refuse("--scheme: %s", err.message);
  if (o->schedule.scheme == LSC_SCHEME_RUNTIME)
    return plan_refuse(
        "--scheme: runtime is chosen by LSC_SCHEDULE when the program runs; name a scheme here");
  int64_t seed = 0;
  if (raw.seed && plan_parse_int64(raw.seed, 0, MAX_ITERATIONS, &seed) != 0)
    return plan_refuse("--seed: expected an integer 0..2^62, got '%s'", raw.seed);
  o->schedule.seed = (uint64_t)seed;
  char message[256];
  if (sim_workload_parse(raw.workload ? raw.workload : "uniform", &o->workload, message, sizeof message) != 0)
    return plan_refuse("--workload: %s", message);
  if (o->workload.kind == SIM_FILE && sim_workload_load(&o->workload, message, sizeof message) != 0)
    return plan_refuse("--workload: %s", message);
  if (resolve_counts(&raw, o) != ARGS_OK)
    return ARGS_BAD;
  if (o->workload.kind == SIM_FILE) {
    if (o->iterations >= 0 && o->iterations != o->workload.iterations)
      return plan_refuse("--iterations: %lld, but '%s' holds %lld iteration costs", (long long)o->iterations,
                         o->workload.path, (long long)o->workload.iterations);
    o->iterations = o->workload.iterations;
  }
  if (o->iterations < 0)
    return plan_refuse("--iterations is required; see lsc-plan --help");
  if (o->workers < 0)
    return plan_refuse("--workers is required; see lsc-plan --help");
  o->workload.iterations = o->iterations;
  if (o->workload.kind == SIM_RANDOM && o->iterations > SIM_RANDOM_MAX_ITERATIONS)
    return plan_refuse(
        "--workload: random costs every iteration one by one; at most 10^9 iterations, got %lld",
        (long long)o->iterations);
  if (raw.latency && (plan_parse_double(raw.latency, &o->latency) != 0 || o->latency < 0))
    return plan_refuse("--latency: expected a number of seconds >= 0, got '%s'", raw.latency);
  if (raw.format) {
    static const char *const names[] = {"table", "sizes", "report"};
    for (int f = 0; f < 3; f++)
      if (strcmp(raw.format, names[f]) == 0)
        o->format = (plan_format)(f + 1);
    if (o->format == FORMAT_DEFAULT)
      return plan_refuse("--format: expected table, sizes or report, got '%s'", raw.format);
  }
  o->simulate = o->speeds || o->gantt_path || raw.latency;
  if (sim_resolve(&o->sim, o->workers, &o->simulate) != 0)
    return ARGS_BAD;
  if (pipeline_resolve(o) != ARGS_OK)
    return ARGS_BAD;
  if (o->format == FORMAT_REPORT && !o->simulate)
    return plan_refuse("--format: report needs a simulation; add --speeds=...");
  if (resolve_alpha(raw.alpha, o) != ARGS_OK)
    return ARGS_BAD;
  return held_resolve(o);
}

void plan_options_free(plan_options *o) {
  free(o->weights);
  free(o->cores);
  free(o->speeds);
  sim_workload_free(&o->workload);
  sim_options_free(&o->sim);
}
