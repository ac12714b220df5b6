#!/usr/bin/env python3
"""bench-cluster-regions.py - data regions under hierarchical masters, flat against grouped, across the
namespace cluster of `make check-cluster` (test/cluster/cluster.py: 3 hosts, 1 Gbit/s tbf per host).

Builds the region kernels of bench/kernels (jacobi_2d, heat_3d, fdtd_2d: their time loops in `#pragma lsc
data` regions) with this build's lsc-cc and sequentially, then runs each at np 5 as 1+2+2 ranks with
LSC_SUBMASTERS=host and LSC_MASTER=compute, flat (LSC_SUBMASTER_REGIONS=flat) and grouped (the default),
interleaved, and prints one table of medians: the seconds each kernel reports for itself and grouped/flat.
Every run's output hash must match the sequential build's (exit 1 otherwise). docs/results.md, issue 17's
"Data regions across the levels", quotes its table. Needs root and network namespaces; says so and exits 0
without them. Only Python's standard library is used.

    scripts/bench-cluster-regions.py --build build [--runs 3] [--kernels jacobi_2d,fdtd_2d]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "cluster"))
import cluster as netns_cluster  # noqa: E402

SRC = os.path.join(ROOT, "bench", "kernels", "src")
CFLAGS = ["-std=c11", "-O2", "-ffp-contract=off", "-I", SRC]
KERNELS = ["jacobi_2d", "heat_3d", "fdtd_2d"]
MODES = [("flat", {"LSC_SUBMASTER_REGIONS": "flat"}), ("grouped", {"LSC_SUBMASTER_REGIONS": "group"})]


def build(kernel, bindir, work):
    src = os.path.join(SRC, kernel + ".c")
    seq, par = os.path.join(work, kernel + ".seq"), os.path.join(work, kernel + ".lsc")
    for cmd in (["cc", *CFLAGS, "-Wno-unknown-pragmas", "-o", seq, src, "-lm"],
                [os.path.join(bindir, "lsc-cc"), *CFLAGS, "-o", par, src, "-lm"]):
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode:
            sys.exit("bench-cluster-regions: %s failed:\n%s" % (" ".join(cmd), r.stdout.decode(errors="replace")))
    out = subprocess.run([seq], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return par, re.search(rb"hash=(\w+)", out.stdout).group(1).decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--kernels", default=",".join(KERNELS))
    args = ap.parse_args()
    why = netns_cluster.unavailable()
    if why:
        print("bench-cluster-regions: skipped: %s" % why)
        return 0
    build_dir = os.path.abspath(args.build)
    work = os.path.join(build_dir, "cluster", "regions")
    os.makedirs(work, exist_ok=True)
    kernels = [k for k in args.kernels.split(",") if k]
    progs = {k: build(k, os.path.join(build_dir, "bin"), work) for k in kernels}
    c = netns_cluster.Cluster(os.path.join(build_dir, "cluster", "regions-net"))
    times = {(k, m): [] for k in kernels for m, _ in MODES}
    wrong = []
    try:
        c.down()
        c.up()
        hosts = c.hostfile("hosts-1-2-2", [1, 2, 2])
        for _ in range(args.runs):
            for k in kernels:
                par, expected = progs[k]
                for mode, extra in MODES:
                    env = {"LSC_SUBMASTERS": "host", "LSC_MASTER": "compute", **extra}
                    code, out, err = c.mpirun(hosts, 5, [par], env=env, timeout=900)
                    seconds = re.search(r"kernel_seconds=([0-9.]+)", err)
                    digest = re.search(r"hash=(\w+)", out)
                    if code != 0 or not seconds or not digest or digest.group(1) != expected:
                        wrong.append("%s %s: exit %d, hash %s (sequential %s)\n%s" % (
                            k, mode, code, digest.group(1) if digest else "none", expected, err[-1500:]))
                        continue
                    times[(k, mode)].append(float(seconds.group(1)))
    finally:
        c.down()
    print("bench-cluster-regions: 3 namespace hosts (%s per host), np 5 as 1+2+2, LSC_SUBMASTERS=host "
          "LSC_MASTER=compute, median of %d" % (c.rate, args.runs))
    print("%-12s %10s %10s %14s  output" % ("kernel", "flat s", "grouped s", "grouped/flat"))
    for k in kernels:
        flat, grouped = times[(k, "flat")], times[(k, "grouped")]
        if not flat or not grouped:
            print("%-12s %10s %10s %14s  WRONG" % (k, "-", "-", "-"))
            continue
        f, g = statistics.median(flat), statistics.median(grouped)
        print("%-12s %10.3f %10.3f %13.2fx  identical" % (k, f, g, g / f))
    for w in wrong:
        print("bench-cluster-regions: %s" % w, file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
