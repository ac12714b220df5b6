#!/usr/bin/env python3
"""`make check-cluster`: lsc across a real multi-host Open MPI run on this machine, in network namespaces.

Brings up 3 hosts (test/cluster/netns.sh: a switch namespace with a bridge, a namespace per host with its own
address, hostname and, for the clock check, clock offset; 1 Gbit/s per host with tc tbf), runs mpirun on
node1 with test/cluster/agent.sh as its ssh, and runs the checks of test/cluster/checks.py: placement, the
samples and the rewrite tests' programs identical to sequential, hierarchical mode, a pipelined nest,
hierarchical masters (LSC_SUBMASTERS=host), trace
clocks, the tutorial's cluster section, and that the traffic crossed the shaped ports. Ends with
`N passed, N failed[, N skipped]`; exit 1 on a failure.

Without root, or where namespaces are not allowed, it says so in one line and counts one skipped test, never
a pass. The cluster is torn down on every way out: normal end, an exception, SIGINT, SIGTERM or SIGHUP.
--json FILE writes the results for scripts/check.py. Only Python's standard library is used.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "cluster"))
import checks  # noqa: E402
import cluster as netns_cluster  # noqa: E402
import programs  # noqa: E402


def write_json(path, results, skipped, relaunched=()):
    if path:
        with open(path, "w") as f:
            json.dump({"results": [{"passed": ok, "name": name, "detail": detail} for ok, name, detail in results],
                      "skipped": skipped,
                      "relaunched": [{"command": c, "stderr": e} for c, e in relaunched]}, f, indent=1)


def finish(results, skipped, json_path, started, relaunched=()):
    write_json(json_path, results, skipped, relaunched)
    failed = [(name, detail) for ok, name, detail in results if not ok]
    for name, detail in failed:
        print("\nFAILED %s\n    %s" % (name, "\n    ".join(detail.rstrip().splitlines()[-40:])))
    passed = len(results) - len(failed)
    if results:
        print("check-cluster: %.0f s" % (time.monotonic() - started))
    line = "%d passed, %d failed" % (passed, len(failed))
    if skipped:
        line += ", %d skipped" % len(skipped)
    print(line)
    return 1 if failed else 0


def stop_on_signal(signum, frame):
    # Turned into an exception so the finally below tears the cluster down.
    raise SystemExit(128 + signum)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--only", help="run only the checks whose kind is in this comma-separated list")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    started = time.monotonic()
    results, skipped = [], []

    why = netns_cluster.unavailable()
    if why is None and not os.path.exists(os.path.join(build, "lib", "liblsc.a")):
        why = "no liblsc.a in %s (build first)" % build
    if why:
        print("check-cluster: skipped: %s" % why)
        skipped.append("cluster: %s" % why)
        return finish(results, skipped, args.json, started)

    only = set(args.only.split(",")) if args.only else None
    wanted = lambda kind: only is None or kind in only  # noqa: E731
    if wanted("clock") and not netns_cluster.time_namespaces():
        # Without them the hosts share one clock and an offset estimate has nothing to find: skipped, not passed.
        print("check-cluster: clock check skipped: time namespaces are not allowed here")
        skipped.append("cluster: clock: time namespaces are not allowed here")
        only = set(k for k in ("placement", "programs", "hierarchical", "pipeline", "submasters", "tutorial",
                               "shaping")
                   if only is None or k in only)
    work = os.path.join(build, "cluster")
    os.makedirs(work, exist_ok=True)

    progs = []
    if any(wanted(k) for k in ("programs", "hierarchical", "pipeline", "submasters", "clock")):
        print("check-cluster: building the programs", flush=True)
        progs = programs.build_all(programs.samples() + programs.rewrite_programs(), build,
                                   os.path.join(work, "programs"))
    where = os.path.join(work, "where")
    r = subprocess.run(["mpicc", "-std=c11", "-O2", "-Wall", "-Werror", "-o", where,
                        os.path.join(ROOT, "test", "cluster", "Inputs", "where.c")],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode:
        results.append((False, "build test/cluster/Inputs/where.c", r.stdout.decode(errors="replace")))
        return finish(results, skipped, args.json, started)
    by_name = {p.name: p for p in progs}

    c = netns_cluster.Cluster(os.path.join(work, "net"))
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop_on_signal)
    try:
        c.down()  # a namespace left by an earlier run of this pid (none, unless pids came round)
        try:
            c.up()
        except subprocess.CalledProcessError as e:
            # The probe made a namespace, so this machine should hold the cluster: a failure, not a skip.
            results.append((False, "cluster: bring up 3 hosts (test/cluster/netns.sh up)", str(e)))
            return finish(results, skipped, args.json, started)
        print("check-cluster: 3 hosts up (%s, %s per host)" % (c.subnet, c.rate), flush=True)
        steps = [
            ("placement", lambda: checks.placement(c, where)),
            ("programs", lambda: checks.programs(c, progs)),
            ("hierarchical", lambda: checks.hierarchical(c, by_name["matmul"])),
            ("pipeline", lambda: checks.pipeline(c, by_name["heat"])),
            ("submasters", lambda: checks.submasters(c, [(by_name["matmul"], "gss", {}),
                                                          (by_name["mandelbrot"], "fss", {}),
                                                          (by_name["nbody"], "tss", {}),
                                                          (by_name["rewrite/region_jacobi"], "gss",
                                                           {"LSC_MASTER": "compute"})])),
            ("clock", lambda: checks.clock(c, by_name["mandelbrot"], work)),
            ("tutorial", lambda: checks.tutorial(c, build, work, ROOT)),
            ("shaping", lambda: checks.shaping(c)),
        ]
        for kind, step in steps:
            if not wanted(kind):
                continue
            t0 = time.monotonic()
            mine = step()
            results += mine
            passed = sum(1 for ok, _, _ in mine if ok)
            print("  %-14s %3d passed, %d failed %7.1f s" % (kind, passed, len(mine) - passed,
                                                            time.monotonic() - t0), flush=True)
    finally:
        c.down()
    report_relaunches(c.relaunched)
    return finish(results, skipped, args.json, started, c.relaunched)


def report_relaunches(relaunched):
    """Says which runs started again after their daemons failed to start, with the start of what Open MPI said
    (its stderr also holds the launch agent's), so a failure that keeps coming can be traced."""
    if not relaunched:
        return
    print("check-cluster: %d run(s) started again after Open MPI's daemons did not all start:" % len(relaunched))
    for command, err in relaunched:
        print("  %s\n    %s" % (command, "\n    ".join(err.strip().splitlines()[:40])))


if __name__ == "__main__":
    sys.exit(main())
