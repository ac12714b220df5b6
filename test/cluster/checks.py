"""checks.py - what scripts/check-cluster.py checks on the namespace cluster, one function per kind; each
returns a list of (passed, name, detail).

  placement     every rank runs on the host the hostfile gives it, under that host's name, and MPI counts the
                ranks per node by host (what lsc's hierarchical mode divides a node's cores by)
  programs      the samples and the rewrite tests' whole programs across 3 hosts, output identical to the
                sequential build; the samples also with 2 ranks on one host
  hierarchical  LSC_THREADS=auto: a rank alone on its host takes the host's cores and rank 0 computes; 3 ranks
                on one host get a thread each and rank 0 serves
  pipeline      a pipelined nest across hosts with a fixed h and a dynamic scheme, its pipeline stats present
  submasters    LSC_SUBMASTERS=host with 1, 2 and 2 ranks on the 3 hosts: node2's and node3's lowest ranks serve
                their host's chunks (the stats line says so), samples identical to the sequential build
  shaping       the runs' traffic went through the tbf-shaped bridge ports, to every host
  clock         hosts whose clocks are offset by known amounts (time namespaces): the trace's estimate of each
                offset within half its round trip, and every chunk inside its loop instance on rank 0's clock
Only Python's standard library is used.
"""
import concurrent.futures
import json
import os
import re
import subprocess


def _diff(expected, got):
    if expected == got:
        return ""
    exp, out = expected.splitlines(), got.splitlines()
    for i, (a, b) in enumerate(zip(exp, out)):
        if a != b:
            return "first difference at line %d:\n- %s\n+ %s" % (i + 1, a, b)
    return "outputs differ in length: %d lines expected, %d got" % (len(exp), len(out))


def _run_detail(code, out, err):
    return "exit %d\nstdout (end):\n%s\nstderr (end):\n%s" % (code, out[-1500:], err[-2500:])


def placement(cluster, where):
    results = []
    for name, slots, np in (("3 hosts, 1 rank each", [1, 1, 1], 3), ("2 ranks on node2", [1, 2], 3)):
        hosts = cluster.hostfile("hosts-where", slots)
        code, out, err = cluster.mpirun(hosts, np, [where])
        seen = dict((int(m.group(1)), (m.group(2), int(m.group(3))))
                    for m in re.finditer(r"^rank (\d+) host (\S+) node_ranks (\d+)$", out, re.M))
        # The hostfile fills each host's slots in order: rank r is on the host whose slots cover r.
        want, r = {}, 0
        for k, n in enumerate(slots, 1):
            for _ in range(n):
                want[r] = ("node%d" % k, n)
                r += 1
        ok = code == 0 and seen == want
        results.append((ok, "placement: %s" % name,
                        "" if ok else "expected %s\ngot %s\n%s" % (want, seen, _run_detail(code, out, err))))
    return results


def programs(cluster, progs, jobs=3):
    """jobs runs at a time: a run is mostly mpirun starting daemons on the hosts and wiring them up, which
    waits rather than computes, so overlapping them keeps the suite quick on 2 cores."""
    three = cluster.hostfile("hosts-3", [1, 1, 1])
    shared = cluster.hostfile("hosts-2-1-1", [2, 1, 1])
    runs = []
    for p in progs:
        if p.error:
            continue
        runs.append((p, "np 3 on 3 hosts", three, 3))
        if not p.name.startswith("rewrite/"):
            runs.append((p, "np 4, 2 on node1", shared, 4))

    def one(run):
        p, label, hosts, np = run
        code, out, err = cluster.mpirun(hosts, np, [p.par])
        detail = "" if code == 0 and out == p.expected else _diff(p.expected, out) + "\n" + _run_detail(
            code, out, err)
        return (detail == "", "program %s: %s" % (p.name, label), detail)

    results = [(False, "program %s: build" % p.name, p.error) for p in progs if p.error]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results += list(pool.map(one, runs))
    return results


def hierarchical(cluster, prog):
    results = []
    env = {"LSC_THREADS": "auto", "LSC_STATS": "each"}
    # Threads come from the ranks sharing a host (by hostname); whether rank 0 computes is measured per
    # loop site since the data-path change (exec/master_choice.h), and by default it computes.
    for label, slots, want in (("one rank per host", [1, 1, 1], r"threads=2:\S+ master=computes"),
                               ("3 ranks on one host", [3], r"threads=1:\S+ master=computes")):
        hosts = cluster.hostfile("hosts-hier", slots)
        code, out, err = cluster.mpirun(hosts, 3, [prog.par], env=env)
        header = re.search(r"^lsc: loop .*$", err, re.M)
        ok = code == 0 and out == prog.expected and header is not None and re.search(want, header.group(0))
        results.append((bool(ok), "hierarchical: %s (%s)" % (label, want.replace("\\S+", "*")),
                        "" if ok else "header: %s\n%s" % (header and header.group(0), _run_detail(code, out, err))))
    return results


def submasters(cluster, progs):
    """Hierarchical masters grouped by host name: ranks 1-2 on node2 and 3-4 on node3 form two groups, whose
    sub-masters are ranks 1 and 3; rank 0 alone on node1 plans for them (and for itself when it computes).
    Each entry is (program, schedule, extra settings); no loop may say it runs flat (a data region's loops
    group too, each sub-master holding its host's copies)."""
    hosts = cluster.hostfile("hosts-1-2-2", [1, 2, 2])
    want = r"sub-masters: rank 1 serves 2 ranks; rank 3 serves 2 ranks; rank 0 plans for [23] workers"
    results = []
    for p, schedule, extra in progs:
        env = {"LSC_SUBMASTERS": "host", "LSC_STATS": "each", "LSC_SCHEDULE": schedule, **extra}
        code, out, err = cluster.mpirun(hosts, 5, [p.par], env=env)
        grouped = re.search(want, err) is not None and "only master" not in err
        ok = code == 0 and out == p.expected and grouped
        detail = "" if ok else "%s\ngrouped (sub-master line, no loop run flat) %s\n%s" % (
            _diff(p.expected, out), "found" if grouped else "missing", _run_detail(code, out, err))
        results.append((ok, "submasters: %s across 3 hosts, np 5 (1+2+2), LSC_SCHEDULE=%s%s" % (
            p.name, schedule, "".join(" %s=%s" % kv for kv in sorted(extra.items()))), detail))
    return results


def pipeline(cluster, prog):
    hosts = cluster.hostfile("hosts-3", [1, 1, 1])
    env = {"LSC_SYNC": "16", "LSC_SCHEDULE": "gss", "LSC_STATS": "each"}
    code, out, err = cluster.mpirun(hosts, 3, [prog.par], env=env)
    ok = code == 0 and out == prog.expected and re.search(r"^lsc: pipeline .*h=16\b", err, re.M)
    return [(bool(ok), "pipeline: %s across 3 hosts, LSC_SYNC=16 gss" % prog.name,
             "" if ok else _diff(prog.expected, out) + "\n" + _run_detail(code, out, err))]


def shaping(cluster):
    """After the other checks: every host received traffic through its shaped port, so the runs crossed the
    cluster's network (shaped to the cluster's rate) and not a shortcut."""
    sent = cluster.shaped_bytes()
    ok = len(sent) == cluster.hosts and all(b > 1000 for b in sent.values())
    return [(ok, "shaping: every host's traffic went through its %s tbf port" % cluster.rate, "bytes: %s" % sent)]


# Seconds each host's monotonic clock is set ahead in the clock check: node2 runs 1000 s ahead of node1 (rank
# 0's host) and node3 2000 s behind it.
OFFSETS = {"node1": 2000, "node2": 3000, "node3": 0}
# A chunk may start before its loop slice or end after it by the estimate's error plus a margin for the
# times the master takes around them; far below the offsets, so a trace without the correction fails.
TOLERANCE_US = 5000.0


def clock(cluster, prog, workdir):
    hosts = cluster.hostfile("hosts-3", [1, 1, 1])
    trace = os.path.join(workdir, "clock-trace.json")
    if os.path.exists(trace):
        os.remove(trace)
    cluster.set_offsets(OFFSETS)
    try:
        code, out, err = cluster.mpirun(hosts, 3, [prog.par], env={"LSC_TRACE": trace})
    finally:
        cluster.set_offsets({})
    if code != 0 or out != prog.expected or not os.path.exists(trace):
        return [(False, "clock: traced run with offset clocks", _run_detail(code, out, err))]
    events = json.load(open(trace))["traceEvents"]
    results = []
    syncs = {e["tid"]: e["args"] for e in events if e.get("name") == "clock sync"}
    for rank, host in ((1, "node2"), (2, "node3")):
        a = syncs.get(rank)
        if a is None:
            results.append((False, "clock: rank %d's offset estimated" % rank, "no 'clock sync' event"))
            continue
        known = OFFSETS[host] - OFFSETS["node1"]
        error = abs(a["offset_s"] - known)
        # The printed values are rounded (ns, 1 ns of round trip): allow that much on top of rtt/2.
        ok = error <= a["rtt_us"] * 1e-6 / 2 + 2e-9
        results.append((ok, "clock: rank %d (%s, %+d s) estimate within half its round trip" % (rank, host, known),
                        "offset %.9f s, round trip %.3f us, error %.3f us" % (a["offset_s"], a["rtt_us"],
                                                                              error * 1e6)))
    loops = [(e["ts"], e["ts"] + e["dur"]) for e in events if e.get("name") == "loop"]
    chunks = [e for e in events if e.get("name") == "chunk" and e.get("tid", 0) > 0]
    outside = [c for c in chunks if not any(lo - TOLERANCE_US <= c["ts"] and c["ts"] + c["dur"] <= hi + TOLERANCE_US
                                            for lo, hi in loops)]
    ok = bool(loops) and bool(chunks) and not outside
    results.append((ok, "clock: every worker chunk inside its loop instance on rank 0's clock",
                    "%d loops, %d worker chunks, %d outside; first outside: %s" % (
                        len(loops), len(chunks), len(outside), outside[:1])))
    return results


def tutorial(cluster, build, workdir, root):
    """The ```sh cluster blocks of docs/tutorial.md, in order, in one shell on node1, after what the tutorial's
    earlier sections leave behind (lsc installed in $HOME/lsc, series built in $HOME/lsc-tutorial, seq.out)."""
    home = os.path.join(workdir, "home")
    subprocess.run(["rm", "-rf", home], check=True)
    os.makedirs(home)
    r = subprocess.run(["cmake", "--install", build, "--prefix", os.path.join(home, "lsc")],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode:
        return [(False, "tutorial: install lsc", r.stdout.decode(errors="replace")[-3000:])]
    blocks = subprocess.run(["python3", os.path.join(root, "test", "install", "Inputs", "shell_blocks.py"),
                             "--info", "sh cluster", os.path.join(root, "docs", "tutorial.md")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if blocks.returncode:
        return [(False, "tutorial: the cluster section's blocks", blocks.stdout.decode(errors="replace"))]
    script = os.path.join(workdir, "tutorial-cluster.sh")
    with open(script, "w") as f:
        f.write("set -euo pipefail\n"
                "export PATH=\"$HOME/lsc/bin:$PATH\"\n"
                "mkdir -p \"$HOME/lsc-tutorial\"\n"
                "cp samples/outoftree/series.c samples/outoftree/series.h \"$HOME/lsc-tutorial/\"\n"
                "cd \"$HOME/lsc-tutorial\"\n"
                "lsc-cc -O2 -o series series.c\n"
                "cc -O2 -o series-seq series.c\n"
                "./series-seq > seq.out\n")
        f.write(blocks.stdout.decode())
    code, out, err = cluster.on_node1(["bash", script], env={"HOME": home}, timeout=150, cwd=root)
    transcript = out + err
    with open(os.path.join(workdir, "tutorial-transcript.txt"), "w") as f:
        f.write(transcript)
    results = [(code == 0, "tutorial: the cluster section runs", "" if code == 0 else transcript[-4000:])]
    # What the section says its commands print: the hosts' names, the diffs' lines, the threads per rank and
    # rank 0 computing, the slow host's idle time (LSC_SLOWDOWN set on the mpirun side only).
    wants = [("one rank on each host", r"^node1\nnode2\nnode3$"),
             ("same output on 3 hosts", r"^same output on 3 hosts$"),
             ("threads inside", r"^same output with one rank per host and threads inside$"),
             ("threads=2, master=computes", r"^lsc: loop series\.c:\d+ .* threads=2:\S+ master=computes"),
             ("same output with a sub-master per host", r"^same output with a sub-master per host$"),
             ("sub-masters on node2 and node3", r"sub-masters: rank 1 serves 2 ranks; rank 3 serves 2 ranks;"),
             ("same output with a slow host", r"^same output with a slow host$"),
             # Rank 2's row: rank, chunks, iterations, busy_s, then an idle_s that is not zero; or, when
             # re-issue gave its last chunk to a faster rank and the loop ended first, the row saying so.
             ("the slow host idles or is late",
              r"^lsc:\s+2\s+\d+\s+\d+\s+([\d.]+\s+(?!0\.000000\b)\d+\.\d+\s|.*\slate: )")]
    for label, pattern in wants:
        ok = re.search(pattern, out, re.M) is not None
        results.append((ok, "tutorial: %s" % label, "" if ok else transcript[-3000:]))
    return results
