#!/usr/bin/env python3
"""The lsc benchmark suite: [chang-alpha]'s experiments on emulated heterogeneous clusters, side by side with
sequential, OpenMP and hand-written MPI, and lsc-plan's predictions.

    scripts/bench-suite.py [--quick | --full] [--out DIR] [--build DIR]      (make bench-suite ARGS=--quick)
    scripts/bench-suite.py --replot RESULTS.md --out DIR    redraw the figures of a results page, no run

Builds what it needs into <build>/bench-suite/ (the samples rewritten by lsc-rewrite and linked with liblsc,
their sequential and OpenMP builds, the baselines of bench/suite/), runs every configuration, checks every
run's output against the sequential build's, and writes results.md and SVG figures to DIR (default
<build>/bench-results/). A wrong output or a failed run is reported as FAIL and makes the exit status 1.
Modes: --quick (under 2 minutes), default (under 15 minutes), --full (every scheme at every alpha),
--tiny (the smoke test's handful of runs). Python 3 standard library only.
"""
import argparse
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from benchsuite import build, figures, replot, report, samples, suite  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load():
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    except OSError:
        return "?"


def _replot(page, out):
    if not out:
        sys.exit("bench-suite: --replot needs --out DIR (where the figures go)")
    try:
        with open(page) as f:
            loops = replot.loops_from_markdown(f.read(), page)
    except (OSError, replot.ReplotError) as e:
        sys.exit("bench-suite: FAIL: %s" % e)
    os.makedirs(out, exist_ok=True)
    figs = figures.draw(loops, out)
    print("bench-suite: redrew %d figures of %d loops into %s"
          % (sum(len(v) for v in figs.values()), len(loops), out))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = ap.add_mutually_exclusive_group()
    modes.add_argument("--quick", action="store_const", dest="mode", const="quick", help="under 2 minutes")
    modes.add_argument("--full", action="store_const", dest="mode", const="full",
                       help="every scheme with alpha 0 and 60..90 on both clusters (about 30 minutes)")
    modes.add_argument("--tiny", action="store_const", dest="mode", const="tiny",
                       help="a handful of tiny runs (the smoke test)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"), help="lsc build folder (default: build)")
    ap.add_argument("--out", help="results folder (default: <build>/bench-results)")
    ap.add_argument("--samples", help="comma-separated subset of: " +
                    ", ".join(s.name for s in samples.SAMPLES))
    ap.add_argument("--replot", metavar="RESULTS_MD",
                    help="redraw the SVG figures from this page's per-loop tables into --out; runs nothing")
    args = ap.parse_args()
    if args.replot:
        return _replot(args.replot, args.out)
    mode = args.mode or "default"
    build_dir = os.path.abspath(args.build)
    out = os.path.abspath(args.out or os.path.join(build_dir, "bench-results"))
    for tool in ("lsc-rewrite", "lsc-plan"):
        if not os.access(os.path.join(build_dir, "bin", tool), os.X_OK):
            sys.exit("bench-suite: %s/bin/%s is missing: build lsc first (make build)" % (build_dir, tool))
    only = args.samples.split(",") if args.samples else None
    unknown = [n for n in only or [] if n not in [s.name for s in samples.SAMPLES]]
    if unknown:
        sys.exit("bench-suite: unknown sample(s) %s; the samples are %s"
                 % (", ".join(unknown), ", ".join(s.name for s in samples.SAMPLES)))
    command = " ".join(["scripts/bench-suite.py"] + [shlex.quote(a) for a in sys.argv[1:]])
    print("bench-suite: %s mode; pipeline samples (%s) left out: this suite covers parallel for loops"
          % (mode, ", ".join(samples.LEFT_OUT)), flush=True)
    before = _load()
    try:
        runs, failures, elapsed = suite.run_suite(ROOT, build_dir, mode, only)
    except build.BuildError as e:
        sys.exit("bench-suite: FAIL: %s" % e)
    path = report.write(runs, failures, out, mode, command, elapsed, before, _load())
    print("bench-suite: wrote %s (%.0f s)" % (path, elapsed))
    if failures:
        print("bench-suite: FAILED: %d run(s) failed or gave a wrong result (see above and %s)"
              % (len(failures), path), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
