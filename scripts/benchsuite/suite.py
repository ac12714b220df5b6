"""Runs a mode of the suite: build, reference outputs, cost profiles, every configuration, simulation.

Repeats go round-robin (every configuration once, then again), so slow drift of the machine's load hits all
configurations alike instead of one of them; each round starts one configuration further on, so no
configuration always runs first (right after the sequential run) or last. The sequential loop time, the
denominator of every speedup, is measured in the same rounds.

OpenMP runs on the footing of lsc's native runs: as many threads as lsc has ranks, unbound (lsc: --bind-to
none), and a waiting thread gives its core away (OMP_WAIT_POLICY=passive), as lsc's waiting ranks do (they
sleep, and Open MPI is told mpi_yield_when_idle): on a shared machine neither side may spin on a core.

Native MPI runs whose ranks fit the cores (rank 0 computing) run without Open MPI's yield (NO_YIELD): liblsc's
computing master polls MPI between pieces of about 100 us, and with mpi_yield_when_idle=1 every such poll
calls sched_yield, which on a loaded machine hands the core to another program for a time slice. Measured
here at a load average of 14: rank 0 finished one chunk (4096 of 16384 iterations, 0.28 s of compute) in
the 3 s the loop took, and the worker did the rest; without the yield it took half the loop, in 23 chunks.
"""
import os
import subprocess
import sys
import time

from . import build, matrix, runner, samples, simulate
from .clusters import CLUSTERS, NATIVE_RANKS


class Run:
    """One sample's configurations and results."""

    def __init__(self, sample, size):
        self.sample, self.size = sample, size
        self.configs, self.results = [], []
        self.seq = None       # combined Result of the sequential build
        self.costs = None     # per loop: cost list for the simulator, or None (analytic model)
        self.predictions = {}  # config index -> per loop (seconds, imbalance %, chunks)


def _lsc_env(scheme, alpha, extra=None):
    env = {"LSC_SCHEDULE": scheme, "LSC_ALPHA": str(alpha), "LSC_STATS": "each"}
    env.update(extra or {})
    return env


NO_YIELD = {"OMPI_MCA_mpi_yield_when_idle": "0"}


def configurations(mode, sample, exes):
    C = runner.Config
    name, out = sample.name, []
    for kind in mode["omp"]:
        out.append(C(name, "native", "omp", "OpenMP %s" % kind, exes["omp"], 0,
                     {"OMP_NUM_THREADS": str(NATIVE_RANKS), "OMP_SCHEDULE": kind, "OMP_PROC_BIND": "false",
                      "OMP_WAIT_POLICY": "passive"}))
    if sample.hand and "native" in mode["hand_groups"]:
        out.append(C(name, "native", "hand", "hand-written static MPI", exes["hand"], NATIVE_RANKS, NO_YIELD))
    for scheme in mode["native_lsc"]:
        out.append(C(name, "native", "lsc", "lsc " + matrix.label(scheme, 0), exes["lsc"], NATIVE_RANKS,
                     _lsc_env(scheme, 0, NO_YIELD), scheme, 0))
    for threads in mode["hierarchical"]:
        out.append(C(name, "native", "lsc", "lsc GSS, LSC_THREADS=%s" % threads, exes["lsc"], NATIVE_RANKS,
                     _lsc_env("gss", 0, {"LSC_THREADS": threads}), "gss", 0))
    for cname in ("extreme", "moderate"):
        cl = CLUSTERS[cname]
        table = dict(mode[cname])
        if cname == "extreme" or mode is matrix.MODES["full"]:
            table.update(mode["dstar"])
        for scheme, alphas in table.items():
            for alpha in alphas:
                out.append(C(name, cname, "lsc", matrix.label(scheme, alpha), exes["lsc"], cl.ranks,
                             _lsc_env(scheme, alpha, cl.env()), scheme, alpha, cl))
        if sample.hand and cname in mode["hand_groups"] and table:
            out.append(C(name, cname, "hand", "hand-written static MPI", exes["hand"], cl.ranks,
                         {"LSC_SLOWDOWN": cl.env()["LSC_SLOWDOWN"]}, cluster=cl))
    return out


def _say(msg):
    print(msg, flush=True)


def _fail(failures, what, error):
    failures.append("%s: %s" % (what, error))
    print("FAIL: %s: %s" % (what, error), file=sys.stderr, flush=True)


def _reference(exe, failures, what):
    r = subprocess.run([exe], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        _fail(failures, what, "the plain sequential build exits %d" % r.returncode)
        return None
    return r.stdout.decode(errors="replace")


def _profile(s, exes, env, folder, failures):
    """Per-iteration costs for loops whose model is measured: one pss run on 2 ranks, traced."""
    costs = []
    trace = os.path.join(folder, "%s.profile.json" % s.sample.name)
    need = any(m == "profile" for m in s.sample.models)
    if need:
        cfg = runner.Config(s.sample.name, "profile", "lsc", "pss profile", exes["lsc"], NATIVE_RANKS,
                            {"LSC_SCHEDULE": "pss", "LSC_ALPHA": "0", "LSC_STATS": "each", "LSC_TRACE": trace},
                            "pss", 0)
        res = runner.run(cfg, s.reference, len(s.sample.loops), env)
        if res.error:
            _fail(failures, "%s profile run" % s.sample.name, res.error)
            return None
        profiles = simulate.profile_from_trace(trace, len(s.sample.loops))
    for k, model in enumerate(s.sample.models):
        if model == "profile":
            costs.append(profiles[k])
        elif model == "random-units":
            costs.append(samples.workload_random_units(samples.iterations_define(s.sample, s.size)))
        else:
            costs.append(None)
    return costs


def _predict(s, plan, folder, failures):
    for i, (cfg, res) in enumerate(zip(s.configs, s.results)):
        if cfg.cluster is None or cfg.variant != "lsc" or res.error or s.seq.error:
            continue
        per_loop = []
        for k, loop in enumerate(s.sample.loops):
            workload = simulate.workload_arg(s.sample.models[k], folder, s.sample.name, loop,
                                             s.costs[k] if s.costs else None)
            try:
                per_loop.append(simulate.predict(plan, cfg.scheme, cfg.alpha, cfg.cluster, res.stats[k]["n"],
                                                 workload, s.seq.times[k]))
            except simulate.SimulateError as e:
                _fail(failures, "simulation of %s %s %s" % (cfg.sample, cfg.group, cfg.label), e)
                per_loop.append(None)
        s.predictions[i] = per_loop


def run_suite(root, build_dir, mode_name, only=None):
    mode = matrix.MODES[mode_name]
    folder = os.path.join(build_dir, "bench-suite", mode_name)
    names = only or mode["samples"] or [x.name for x in samples.SAMPLES]
    runs = [Run(samples.by_name(n), samples.by_name(n).sizes[mode_name]) for n in names]
    failures = []
    t0 = time.time()
    _say("== building %d samples into %s" % (len(runs), folder))
    exes = build.Builder(root, build_dir, folder).build_all([(r.sample, r.size) for r in runs])
    env = runner.base_env(os.path.join(build_dir, "lib"))
    for s in runs:
        s.reference = _reference(exes[s.sample.name]["plain"], failures, s.sample.name)
        s.configs = configurations(mode, s.sample, exes[s.sample.name])
        s.costs = _profile(s, exes[s.sample.name], env, folder, failures) if s.reference else None
    total = sum(len(s.configs) * mode["repeats"] for s in runs if s.reference)
    done = 0
    for s in runs:
        if s.reference is None:
            continue
        nloops = len(s.sample.loops)
        seq_cfg = runner.Config(s.sample.name, "native", "seq", "sequential", exes[s.sample.name]["seq"])
        seq_runs, raw = [], [[] for _ in s.configs]
        rounds = max(mode["repeats"], mode["seq_repeats"])
        for rnd in range(rounds):
            if rnd < mode["seq_repeats"]:
                seq_runs.append(runner.run(seq_cfg, s.reference, nloops, env))
            if rnd >= mode["repeats"]:
                continue
            order = list(range(len(s.configs)))
            start = rnd % max(len(order), 1)
            for i in order[start:] + order[:start]:
                cfg = s.configs[i]
                res = runner.run(cfg, s.reference, nloops, env)
                raw[i].append(res)
                done += 1
                detail = res.error.splitlines()[0] if res.error else " ".join("%.3f s" % t for t in res.times)
                _say("[%d/%d] %s %s %s: %s" % (done, total, s.sample.name, cfg.group, cfg.label, detail))
        s.seq = runner.combine(seq_runs)
        if s.seq.error:
            _fail(failures, "%s sequential" % s.sample.name, s.seq.error)
        s.results = [runner.combine(r) for r in raw]
        for cfg, res in zip(s.configs, s.results):
            if res.error:
                _fail(failures, "%s %s %s (%s)" % (cfg.sample, cfg.group, cfg.label, cfg.env_text()),
                      res.error)
        _predict(s, os.path.join(build_dir, "bin", "lsc-plan"), folder, failures)
    return runs, failures, time.time() - t0
