"""Runs one configuration of one program, checks its output, and collects its per-loop numbers.

A run whose output differs from the sequential build's, that exits non-zero, times out or prints no timer
is a failure: the harness reports it loudly and exits 1 at the end. Results are never silently dropped.
"""
import os
import statistics
import subprocess

from . import parse

# Open MPI on this kind of machine: root needs consent, more ranks than cores, waiting ranks yield the core.
MPI_ENV = {
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    "OMPI_MCA_rmaps_base_oversubscribe": "1",
    "OMPI_MCA_mpi_yield_when_idle": "1",
}


class Config:
    """What to run: `exe` on `ranks` MPI ranks (0: directly, no mpirun) with `env` added."""

    def __init__(self, sample, group, variant, label, exe, ranks=0, env=None, scheme=None, alpha=None,
                 cluster=None):
        self.sample, self.group, self.variant, self.label = sample, group, variant, label
        self.exe, self.ranks, self.env = exe, ranks, dict(env or {})
        self.scheme, self.alpha, self.cluster = scheme, alpha, cluster

    def command(self):
        if self.ranks == 0:
            return [self.exe]
        return ["mpirun", "--oversubscribe", "--bind-to", "none", "-np", str(self.ranks), self.exe]

    def env_text(self):
        return " ".join("%s=%s" % kv for kv in sorted(self.env.items()))


class Result:
    def __init__(self, config):
        self.config = config
        self.times = []       # per loop: median seconds over the repeats
        self.all_times = []   # per repeat: per loop seconds
        self.imbalance = []   # per loop, percent (None when the variant cannot tell)
        self.chunks = []      # per loop (None when the variant cannot tell)
        self.busy = []        # per loop: compute seconds of all ranks added up (None: cannot tell)
        self.stats = []       # LSC_STATS tables of the first repeat
        self.error = None
        self.stdout = ""


def base_env(lib_dir):
    """The environment every run starts from: no developer overrides (LSC_*, OMP_*) leak in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LSC_", "OMP_"))}
    env.update(MPI_ENV)
    env["LD_LIBRARY_PATH"] = os.pathsep.join([lib_dir] + ([env["LD_LIBRARY_PATH"]]
                                                          if env.get("LD_LIBRARY_PATH") else []))
    return env


def _once(config, env, timeout):
    full = dict(env)
    full.update(config.env)
    try:
        r = subprocess.run(config.command(), env=full, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None, "timed out after %d s" % timeout
    out, err = r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")
    if r.returncode != 0:
        return out, err, "exit status %d; stderr:\n%s" % (r.returncode, err.strip()[-2000:])
    return out, err, None


def _check_stats(config, tables, nloops):
    if len(tables) != nloops:
        return "expected %d LSC_STATS tables, got %d" % (nloops, len(tables))
    for t in tables:
        if config.scheme and not t["schedule"].startswith(config.scheme.split("(")[0]):
            return "asked for schedule %s, the runtime ran %s" % (config.scheme, t["schedule"])
        if config.alpha is not None and t["alpha"] != config.alpha:
            return "asked for alpha %d, the runtime ran alpha %d" % (config.alpha, t["alpha"])
    return None


def run(config, expected_stdout, nloops, env, timeout=300):
    """One run of config; res.error says why it failed, if it did."""
    res = Result(config)
    out, err, error = _once(config, env, timeout)
    if error is None and out != expected_stdout:
        error = "WRONG OUTPUT: expected %r, got %r" % (expected_stdout.strip(), out.strip())
    try:
        times = parse.loop_timers(err) if error is None else None
        if times is not None and len(times) != nloops:
            error = "expected %d loop timers, got %d" % (nloops, len(times))
        tables = parse.lsc_stats(err) if error is None and config.variant == "lsc" else []
    except parse.ParseError as e:
        error = str(e)
    if error is None and config.variant == "lsc":
        error = _check_stats(config, tables, nloops)
    if error is not None:
        res.error = error
        return res
    res.stdout, res.stats, res.times, res.all_times = out, tables, times, [times]
    if config.variant == "lsc":
        res.imbalance = [t["imbalance"] for t in tables]
        res.chunks = [t["chunks"] for t in tables]
        res.busy = [t["busy"] for t in tables]
    elif config.variant == "hand":
        res.imbalance = [parse.hand_figure(err, parse.HAND_IMBALANCE)] * nloops
        res.busy = [parse.hand_figure(err, parse.HAND_BUSY)] * nloops
        res.chunks = [config.ranks] * nloops
    else:
        res.imbalance, res.chunks, res.busy = [None] * nloops, [None] * nloops, [None] * nloops
    return res


def combine(results):
    """The repeats of one config as one result: median time per loop, the other figures of the run whose
    total time is the median (so a row's numbers come from one real run). The first failure wins."""
    failed = [r for r in results if r.error]
    if failed:
        return failed[0]
    ordered = sorted(results, key=lambda r: sum(r.times))
    res = ordered[(len(ordered) - 1) // 2]
    res.all_times = [r.times for r in results]
    res.times = [statistics.median(r.times[k] for r in results) for k in range(len(res.times))]
    return res
