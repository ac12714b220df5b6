#!/usr/bin/env python3
"""schedule(auto) against the best fixed technique (issue 16): the suite's samples x the emulated extreme,
moderate and perturbed clusters, real runs, medians of --repeats.

    scripts/bench-auto.py [--repeats 5] [--samples matmul,...] [--clusters extreme,...] [--perturb-at 0.6]
                          [--out FILE]

Builds the samples at their quick size into <build>/bench-suite/auto/ (benchsuite/build.py), runs every
case round-robin and prints (and writes to --out) the comparison table of benchsuite/autobench.py. A wrong
output or a failed run stops it with status 1. Python 3 standard library only.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from benchsuite import autobench, build, runner, samples  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load():
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    except OSError:
        return "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--samples", help="comma-separated subset of: " + ", ".join(s.name for s in samples.SAMPLES))
    ap.add_argument("--perturb-at", type=float, default=0.6,
                    help="seconds after the program starts when the perturbed cluster's rank 1 slows down")
    ap.add_argument("--clusters", default="extreme,moderate,perturbed",
                    help="comma-separated subset of: extreme, moderate, perturbed")
    ap.add_argument("--out", help="also write the tables to this file")
    args = ap.parse_args()
    build_dir = os.path.abspath(args.build)
    names = args.samples.split(",") if args.samples else [s.name for s in samples.SAMPLES]
    chosen = [samples.by_name(n) for n in names]
    folder = os.path.join(build_dir, "bench-suite", "auto")
    before = _load()
    exes = build.Builder(ROOT, build_dir, folder).build_all([(s, s.sizes["quick"]) for s in chosen])
    env = runner.base_env(os.path.join(build_dir, "lib"))
    rows = []
    for s in chosen:
        reference = subprocess.run([exes[s.name]["plain"]], stdout=subprocess.PIPE).stdout.decode()
        for cl in [c for c in autobench.clusters(args.perturb_at) if c.name in args.clusters.split(",")]:
            cfgs = autobench.configs(s, exes[s.name]["lsc"], cl)
            results = {c.label: [] for c in cfgs}
            for rnd in range(args.repeats):
                start = rnd % len(cfgs)
                for c in cfgs[start:] + cfgs[:start]:
                    res = runner.run(c, reference, len(s.loops), env)
                    if res.error:
                        sys.exit("bench-auto: FAIL: %s %s %s: %s" % (s.name, cl.name, c.label, res.error))
                    results[c.label].append(res)
            row = autobench.summarize("%s / %s" % (s.name, cl.name), results)
            rows.append(row)
            print("%s: best %s %.3f s, auto %.3f s (%s), %+.1f%%" % (row["case"], row["best"], row["best_s"],
                  row["auto_s"], ", ".join(row["picks"]), row["behind"]), flush=True)
            text = _tables(rows, args.repeats, before)
            if args.out:  # after every case, so a long run that is stopped still leaves its finished cases
                with open(args.out, "w") as f:
                    f.write(text)
    print(_tables(rows, args.repeats, before))
    return 0


def _tables(rows, repeats, before):
    return autobench.table(rows, repeats, before, _load()) + "\n\nMedian seconds per technique:\n\n" + \
        autobench.medians_table(rows) + "\n"


if __name__ == "__main__":
    sys.exit(main())
