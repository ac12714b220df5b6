#!/usr/bin/env python3
"""`make demo`: what lsc does for a loop, on this machine and on an emulated heterogeneous cluster.

    scripts/demo.py [--build DIR] [--out DIR] [--bodies N] [--runs R]

The kernel is samples/nbody.c (forces between N bodies): N^2 work on N numbers of data, so what the demo
shows is the schedule, not the data path. Every program variant is built and timed by the bench suite's own
pieces (scripts/benchsuite/: the same timer code around the loop in the sequential and the lsc build, the
output check), so a speedup here compares the loop with the loop, and mpirun's start-up is shown apart.

1. This machine: as many ranks as it has cores, one thread each, rank 0 computing too (LSC_MASTER=compute),
   against the sequential build; the median of --runs runs of each, taken in alternating rounds so that the
   load of a shared machine hits both alike.
2. An emulated heterogeneous cluster (LSC_SLOWDOWN): one worker per core, every second one 4x slower, rank 0
   serving. The same loop under a plain static split (equal blocks, what a hand-written MPI program does) and
   under lsc's alpha split by the ranks' speeds followed by factoring self-scheduling, side by side, with
   where each rank's time went (LSC_STATS=each: the loop runs once, so its per-instance table is the site's
   summary broken down by rank).

Every run's output must equal the sequential build's byte for byte: a difference makes the demo fail (exit 1).
Timings never fail it; on a loaded machine the report says so. Python 3 standard library only.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from benchsuite import build, runner, samples, suite  # noqa: E402
from benchsuite.clusters import Cluster  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SLOW = 4  # how much slower every second worker of the emulated cluster is


def cores():
    """The cores this process may run on (a container or taskset may allow fewer than the machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def ratio(a, b):
    """a / b for times that a tiny run (the lit test's) may round to 0."""
    return a / max(b, 1e-6)


def children_cpu():
    """CPU seconds of the finished child processes (mpirun's ranks included: mpirun waits for them)."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def load():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def demo_cluster(workers):
    """One worker per core, every second one SLOW times slower (as clocks: fast 2000, slow 2000 / SLOW)."""
    fast = 2000
    clocks = [fast if w % 2 == 0 else fast // SLOW for w in range(workers)]
    return Cluster("demo", "emulated cluster", fast, clocks, 1.0, "f = 2000 / clock")


class Demo:
    def __init__(self, args):
        self.build_dir = os.path.abspath(args.build)
        self.bodies, self.runs = args.bodies, args.runs
        self.folder = os.path.abspath(args.out or os.path.join(self.build_dir, "demo"))
        self.env = runner.base_env(os.path.join(self.build_dir, "lib"))
        self.runs_done, self.failures = 0, []

    def say(self, text=""):
        print(text, flush=True)

    def build(self):
        sample = samples.Sample("nbody", ["forces"], ["uniform"], {})
        exes = build.Builder(ROOT, self.build_dir, self.folder).build_all([(sample, {"NBODIES": self.bodies})])
        self.exes = exes["nbody"]
        r = subprocess.run([self.exes["plain"]], stdin=subprocess.DEVNULL, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("demo: FAIL: the sequential build exits %d: %s" % (r.returncode, r.stderr.strip()))
        self.reference = r.stdout

    def measure(self, configs):
        """Runs every config --runs times in alternating rounds; per config the combined result (median loop
        time, the figures of the median run), the median whole-run wall time and the median number of cores
        the run got (its processes' CPU time / wall time: on a shared machine, less than it asked for)."""
        raw, walls, used = [[] for _ in configs], [[] for _ in configs], [[] for _ in configs]
        for _ in range(self.runs):
            for i, cfg in enumerate(configs):
                t0, cpu0 = time.monotonic(), children_cpu()
                res = runner.run(cfg, self.reference, 1, self.env)
                walls[i].append(time.monotonic() - t0)
                used[i].append((children_cpu() - cpu0) / max(walls[i][-1], 1e-9))
                self.runs_done += 1
                if res.error:
                    self.failures.append("%s: %s" % (cfg.label, res.error))
                    self.say("FAIL: %s (%s): %s" % (cfg.label, cfg.env_text(), res.error))
                raw[i].append(res)
        return [(runner.combine(r), statistics.median(w), statistics.median(u))
                for r, w, u in zip(raw, walls, used)]

    def rank_table(self, res, speeds=None):
        """Where each rank's time went, from the median run's LSC_STATS table."""
        t = res.stats[0]
        self.say("    rank  speed  chunks       bodies   computing  idling(slow)   waiting")
        for row in t["rows"]:
            r = row["rank"]
            speed = "master" if speeds and r == 0 else "%.2f" % (speeds[r - 1] if speeds else 1.0)
            share = 100.0 * row["iterations"] / t["n"]
            self.say("    %4d  %5s  %6d  %6d %3.0f%%  %8.2f s  %10.2f s  %6.2f s"
                     % (r, speed, row["chunks"], row["iterations"], share, row["busy"], row["idle"],
                        row["wait"]))

    def native(self):
        n = cores()
        ranks = max(n, 2)
        # Ranks fit the cores, so nothing to yield to: without this, Open MPI's yield (which the emulated
        # cluster below needs, 3 ranks on 2 cores) would hand rank 0's core away between its pieces of work
        # (scripts/benchsuite/suite.py, NO_YIELD).
        env = dict(suite.NO_YIELD, LSC_MASTER="compute", LSC_THREADS="1", LSC_STATS="each")
        seq = runner.Config("nbody", "native", "seq", "sequential", self.exes["seq"])
        lsc = runner.Config("nbody", "native", "lsc", "lsc", self.exes["lsc"], ranks, env)
        self.say("== 1. This machine: %d core%s, load average %s at the start"
                 % (n, "s" * (n != 1), "%.2f" % load() if load() is not None else "unknown"))
        self.say("   lsc: mpirun -np %d, LSC_MASTER=compute LSC_THREADS=1: %d rank%s x 1 thread = the cores,"
                 " rank 0" % (ranks, ranks, "s" * (ranks != 1)))
        self.say("   computing too (between answers to the workers), so no core waits; Open MPI told not to yield")
        self.say("   (OMPI_MCA_mpi_yield_when_idle=0: the ranks fit the cores). Median of %d run%s of each,"
                 " alternating." % (self.runs, "s" * (self.runs != 1)))
        (s, s_wall, s_used), (p, p_wall, p_used) = self.measure([seq, lsc])
        if s.error or p.error:
            return s.times[0] if not s.error else None
        speedup = ratio(s.times[0], p.times[0])
        self.say("   sequential loop  %7.3f s" % s.times[0])
        self.say("   lsc loop         %7.3f s   speedup %.2fx  (ideal %dx: %d cores)"
                 % (p.times[0], speedup, min(n, ranks), min(n, ranks)))
        self.say("   whole runs: sequential %.3f s, lsc %.3f s (mpirun start-up and MPI_Finalize: %.3f s more)"
                 % (s_wall, p_wall, max(p_wall - p.times[0] - (s_wall - s.times[0]), 0.0)))
        self.rank_table(p)
        self.explain_native(n, ranks, speedup, p, s_used, p_used)
        return s.times[0]

    def explain_native(self, n, ranks, speedup, res, s_used, p_used):
        t = res.stats[0]
        rows = t["rows"]
        per_iter = [r["busy"] / r["iterations"] for r in rows if r["iterations"]]
        self.say("   why:")
        if n < 2:
            self.say("   - one core: the ranks take turns on it; lsc cannot beat the sequential loop here.")
            return
        self.say("   - the loop's data (the positions, %d KiB) goes to each worker once; its work (%d x %d"
                 % (self.bodies * 4 * 8 // 1024, self.bodies, self.bodies))
        self.say("     interactions) is split in %d chunks; waiting for messages: %.3f s on all ranks together."
                 % (t["chunks"], sum(r["wait"] for r in rows)))
        if per_iter and max(per_iter) > 1.3 * min(per_iter):
            self.say("   - the ranks computed at different speeds (%.0f to %.0f us per body): other programs"
                     % (1e6 * min(per_iter), 1e6 * max(per_iter)))
            self.say("     shared the cores; self-scheduling gave the faster rank more bodies (imbalance %.1f%%)."
                     % t["imbalance"])
        ld = load()
        self.say("   - cores actually had (CPU time / wall time of the whole run): sequential %.2f, lsc's %d ranks"
                 % (s_used, ranks))
        self.say("     %.2f between them (load average %s now)."
                 % (p_used, "%.2f" % ld if ld is not None else "unknown"))
        if p_used < 0.8 * min(n, ranks):
            self.say("     Other programs share this machine and the scheduler gives each its share, however")
            self.say("     many ranks it runs: lsc gains at most what its ranks got over what the sequential run")
            self.say("     got, %.2f / %.2f = %.2fx here; with the cores to itself the bound is %dx."
                     % (p_used, s_used, ratio(p_used, s_used), min(n, ranks)))

    def cluster(self, seq_time):
        n = max(cores(), 2)
        cl = demo_cluster(n)
        slowdown = cl.env()["LSC_SLOWDOWN"]
        base = {"LSC_SLOWDOWN": slowdown, "LSC_MASTER": "serve", "LSC_STATS": "each"}
        static = dict(base, LSC_SCHEDULE="static", LSC_ALPHA="0", LSC_WEIGHTS="equal")
        alpha = dict(base, LSC_SCHEDULE="fss", LSC_ALPHA="75", LSC_WEIGHTS=cl.env()["LSC_WEIGHTS"])
        configs = [runner.Config("nbody", "cluster", "lsc", "static split", self.exes["lsc"], cl.ranks, static,
                                 "static", 0),
                   runner.Config("nbody", "cluster", "lsc", "alpha + FSS", self.exes["lsc"], cl.ranks, alpha,
                                 "fss", 75)]
        self.say()
        self.say("== 2. What lsc is for: the same loop on an emulated heterogeneous cluster")
        self.say("   %d workers, one per core, speeds %s of a core (LSC_SLOWDOWN=%s: a rank idles (f - 1)"
                 % (len(cl.speeds), ", ".join("%g" % s for s in cl.speeds), slowdown))
        self.say("   times each chunk's compute time), rank 0 serving (LSC_MASTER=serve); ideal: %.2fx the "
                 "sequential loop" % cl.ideal_speedup)
        self.say("   static split:  LSC_SCHEDULE=static LSC_WEIGHTS=equal   (equal blocks, as a hand-written MPI "
                 "program)")
        self.say("   alpha + FSS:   LSC_SCHEDULE=fss LSC_ALPHA=75 LSC_WEIGHTS=%s   (75%% split by speed, the"
                 % cl.env()["LSC_WEIGHTS"])
        self.say("                  rest self-scheduled in shrinking chunks; rank 0 serves: its weight is unused)")
        results = [(r, w) for r, w, _ in self.measure(configs)]
        if any(r.error for r, _ in results):
            return
        self.say("   %-14s %9s %9s %9s %10s %7s" % ("", "loop", "speedup", "of ideal", "imbalance", "chunks"))
        for cfg, (res, _) in zip(configs, results):
            sp = ratio(seq_time, res.times[0]) if seq_time is not None else float("nan")
            self.say("   %-14s %7.3f s %8.2fx %8.0f%% %9.1f%% %7d"
                     % (cfg.label, res.times[0], sp, 100 * sp / cl.ideal_speedup, res.stats[0]["imbalance"],
                        res.stats[0]["chunks"]))
        for cfg, (res, _) in zip(configs, results):
            self.say("   where the time went, %s:" % cfg.label)
            self.rank_table(res, cl.speeds)
        (st, _), (al, _) = results
        self.explain_cluster(cl, st, al)

    def explain_cluster(self, cl, st, al):
        slow = [k + 1 for k, s in enumerate(cl.speeds) if s < 1]
        fast = [k + 1 for k, s in enumerate(cl.speeds) if s >= 1]

        def rows(res, ranks):
            return [r for r in res.stats[0]["rows"] if r["rank"] in ranks]

        def share(res, ranks):
            return 100.0 * sum(r["iterations"] for r in rows(res, ranks)) / res.stats[0]["n"]

        def done(res, ranks):  # when the last of these ranks had finished its chunks
            return max(r["busy"] + r["idle"] + r["wait"] for r in rows(res, ranks))

        power = 100.0 * sum(cl.speeds[r - 1] for r in slow) / sum(cl.speeds)
        many = len(slow) > 1
        self.say("   why:")
        self.say("   - static: the slow rank%s (%s) got %.0f%% of the bodies for %.0f%% of the power and"
                 " took %.2f s" % ("s" * many, ",".join(map(str, slow)), share(st, slow), power, done(st, slow)))
        self.say("     (computing, then idling as a slower machine would); the fast rank%s %s done after"
                 " %.2f s and" % ("s" * (len(fast) > 1), "were" if len(fast) > 1 else "was", done(st, fast)))
        self.say("     then had nothing to do: a split fixed in advance lasts as long as its slowest block.")
        self.say("   - alpha + FSS: the slow rank%s got %.0f%% of the bodies (75%% of the loop split by speed, the"
                 % ("s" * many, share(al, slow)))
        self.say("     rest in chunks to whoever asked): the fast and the slow ranks were done after %.2f and"
                 " %.2f s" % (done(al, fast), done(al, slow)))
        gain = ratio(st.times[0], al.times[0])
        self.say("     (imbalance %.1f%% against %.1f%%): %s"
                 % (al.stats[0]["imbalance"], st.stats[0]["imbalance"],
                    "%.2fx faster than the static split." % gain if gain > 1.05 else
                    "no faster than the static split in this run"))
        if gain <= 1.05:
            self.say("     (a loop this short, or this loaded a machine, shows start-up and noise).")

    def main(self):
        t0 = time.monotonic()
        self.say("lsc demo: samples/nbody.c, %d bodies (forces between every pair), built in %s"
                 % (self.bodies, self.folder))
        self.build()
        self.cluster(self.native())
        self.say()
        if self.failures:
            self.say("demo: FAILED: %d of %d runs failed or printed something else than the sequential build:"
                     % (len(self.failures), self.runs_done))
            for f in self.failures:
                self.say("  " + f)
            return 1
        self.say("demo: OK, all %d runs printed exactly what the sequential build prints (%.0f s in all)"
                 % (self.runs_done, time.monotonic() - t0))
        return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"), help="lsc build folder (default: build)")
    ap.add_argument("--out", help="where the programs are built (default: <build>/demo)")
    ap.add_argument("--bodies", type=int, default=16384, help="problem size (default 16384: about 1 s a run)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each configuration; the median counts")
    args = ap.parse_args()
    if args.bodies < 1 or args.runs < 1:
        ap.error("--bodies and --runs must be at least 1")
    if not os.access(os.path.join(args.build, "bin", "lsc-rewrite"), os.X_OK):
        sys.exit("demo: %s/bin/lsc-rewrite is missing: build lsc first (make build)" % args.build)
    return Demo(args).main()


if __name__ == "__main__":
    sys.exit(main())
