"""The simulator cross-check: what `lsc-plan --speeds ... --workload ...` predicts for a run, in seconds.

lsc-plan simulates the master/worker run in virtual time (no latency here: --latency 0), with every worker's
speed 1 / f_k of the emulated cluster and the loop's cost model. Its makespan is in cost units on a speed-1
worker; the sequential loop time measured in the same suite run converts it to seconds:
    predicted = makespan x sequential time / total cost,  total cost = ideal makespan x sum of speeds.
The gap between predicted and measured is what the model leaves out: messages, the master's turnaround,
data shipping, and two cores shared by five ranks.
"""
import json
import os
import re
import subprocess


class SimulateError(Exception):
    pass


def profile_from_trace(path, nloops):
    """Per-iteration busy seconds of each loop from an LSC_TRACE file of a pss run (one iteration per chunk).
    Chunks belong to the loop whose `loop` event spans their start."""
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    loops = sorted((e for e in events if e.get("name") == "loop"), key=lambda e: e["ts"])
    if len(loops) != nloops:
        raise SimulateError("trace %s: expected %d loops, found %d" % (path, nloops, len(loops)))
    costs = [[None] * int(l["args"]["n"]) for l in loops]
    for e in events:
        if e.get("name") != "chunk":
            continue
        k = max(i for i, l in enumerate(loops) if l["ts"] <= e["ts"] or i == 0)
        start, size = int(e["args"]["start"]), int(e["args"]["size"])
        for i in range(start, start + size):  # size is 1 under pss; spread evenly otherwise
            costs[k][i] = float(e["args"]["busy_us"]) / size
    for k, c in enumerate(costs):
        if any(x is None for x in c):
            raise SimulateError("trace %s: loop %d has iterations without a chunk" % (path, k))
    return costs


def write_costs(path, costs):
    with open(path, "w") as f:
        f.write("".join("%.6g\n" % max(c, 1e-9) for c in costs))


def _field(text, name):
    m = re.search(r"^%s: ([0-9.eE+-]+)" % name, text, re.M)
    if not m:
        raise SimulateError("lsc-plan printed no '%s' line:\n%s" % (name, text))
    return float(m.group(1))


def predict(plan, scheme, alpha, cluster, n, workload, seq_seconds):
    """(predicted seconds, predicted imbalance %, predicted chunks) of scheme/alpha on the cluster."""
    cmd = [plan, "--scheme=" + scheme, "--iterations=%d" % n, "--workers=%d" % len(cluster.speeds),
           "--speeds=" + ",".join("%g" % s for s in cluster.speeds), "--workload=" + workload,
           "--format=report"]
    if alpha:
        cmd.append("--alpha=%d" % alpha)
    weights = ",".join("%g" % m for m in cluster.slave_mhz)
    cmd.append("--weights=" + weights)  # clock weights: the alpha split and the D* schemes' power
    r = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = r.stdout.decode(errors="replace")
    if r.returncode != 0:
        raise SimulateError("%s failed:\n%s" % (" ".join(cmd), text))
    makespan, ideal = _field(text, "makespan"), _field(text, "ideal makespan")
    total = ideal * sum(cluster.speeds)
    return makespan * seq_seconds / total, _field(text, "imbalance"), int(_field(text, "chunks"))


def workload_arg(model, folder, sample, loop, costs):
    """The --workload value for a loop: an analytic model, or a cost file written into folder."""
    if costs is None:
        return model
    path = os.path.join(folder, "%s.%s.costs" % (sample, loop))
    write_costs(path, costs)
    return "file:" + path
