"""Reads what a benchmark run prints on stderr: the loop timers of the harness and the LSC_STATS tables.

LSC_STATS=each (runtime/obs/stats.c) prints, per loop run on rank 0 (LSC_STATS=1 gives only a summary per site):
    lsc: loop FILE:LINE n=N ranks=R schedule=S alpha=A threads=T:INNER master=computes|serves wall=Ws
    lsc: weights=...
    lsc:  rank   chunks   iterations     busy_s     idle_s     wait_s
    lsc:     0        0            0   0.000000   0.000000   0.380459      (one row per rank)
    lsc: imbalance 52.8%
The timers (scripts/benchsuite/instrument.py, bench/suite/emulate.c) print `bench-loop K SECONDS`, and the
hand-written baselines `bench-imbalance PERCENT` and `bench-busy SECONDS` (compute seconds of all ranks).
"""
import re

LOOP = re.compile(r"^lsc: loop (\S+) n=(\d+) ranks=(\d+) schedule=(\S+) alpha=(-?\d+) threads=(\d+):(\w+) "
                  r"master=(\w+) wall=([0-9.]+)s$")
ROW = re.compile(r"^lsc:\s+(\d+)\s+(\d+)\s+(\d+)\s+([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)(?:\s+late: .*)?$")
IMBALANCE = re.compile(r"^lsc: imbalance (-?[0-9.]+)%$")
TIMER = re.compile(r"^bench-loop (\d+) ([0-9.]+)$")
HAND_IMBALANCE = re.compile(r"^bench-imbalance (-?[0-9.]+)$")
HAND_BUSY = re.compile(r"^bench-busy ([0-9.]+)$")


class ParseError(Exception):
    pass


def loop_timers(stderr):
    """Seconds per marked loop, in loop order."""
    times = {}
    for line in stderr.splitlines():
        m = TIMER.match(line.strip())
        if m:
            times[int(m.group(1))] = float(m.group(2))
    if sorted(times) != list(range(len(times))):
        raise ParseError("loop timers missing: got loops %s" % sorted(times))
    return [times[k] for k in range(len(times))]


def lsc_stats(stderr):
    """One dict per LSC_STATS table, in the order the loops ran."""
    tables, cur = [], None
    for raw in stderr.splitlines():
        line = raw.rstrip()
        m = LOOP.match(line)
        if m:
            cur = {"site": m.group(1), "n": int(m.group(2)), "ranks": int(m.group(3)),
                   "schedule": m.group(4), "alpha": int(m.group(5)), "threads": int(m.group(6)),
                   "inner": m.group(7), "master": m.group(8), "wall": float(m.group(9)), "rows": []}
            continue
        if cur is None:
            continue
        m = ROW.match(line)
        if m:
            cur["rows"].append({"rank": int(m.group(1)), "chunks": int(m.group(2)),
                                "iterations": int(m.group(3)), "busy": float(m.group(4)),
                                "idle": float(m.group(5)), "wait": float(m.group(6))})
            continue
        m = IMBALANCE.match(line)
        if m:
            cur["imbalance"] = float(m.group(1))
            cur["chunks"] = sum(r["chunks"] for r in cur["rows"])
            cur["busy"] = sum(r["busy"] for r in cur["rows"])
            if sum(r["iterations"] for r in cur["rows"]) != cur["n"]:
                raise ParseError("LSC_STATS of %s: the ranks' iterations do not add up to n=%d"
                                 % (cur["site"], cur["n"]))
            tables.append(cur)
            cur = None
    return tables


def hand_figure(stderr, pattern):
    """The number of a hand-written baseline's `bench-imbalance` or `bench-busy` line, None without one."""
    for line in stderr.splitlines():
        m = pattern.match(line.strip())
        if m:
            return float(m.group(1))
    return None
