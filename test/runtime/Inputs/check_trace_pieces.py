#!/usr/bin/env python3
"""check_trace_pieces.py TRACE N MEMBERS: with sub-masters (LSC_SUBMASTERS), rank 0's trace shows the pieces
inside each group chunk. MEMBERS lists the ranks of the groups (comma-separated, sub-master first per group,
groups joined by '/': "2,3" or "2,3/4,5"). Checks: every "piece" slice is on a member's track and names its
group's sub-master; the pieces of each group chunk (a "chunk" slice on the sub-master's track) tile it
exactly, each first result once (with re-issue, rank 0 may have run a tail part of a group chunk: its
slice then shows the rest, and the pieces, which tile the chunk as handed out, cover that rest); each piece lies inside its group chunk's time, within the clock estimates'
error; and rank 0's own chunks with the group chunks and the other ranks' chunks cover the loop's N
iterations once. Prints one line per group."""
import json
import sys

trace, n, spec = sys.argv[1], int(sys.argv[2]), sys.argv[3]
groups = [[int(r) for r in g.split(",")] for g in spec.split("/")]
events = json.load(open(trace))["traceEvents"]
slices = [e for e in events if e.get("ph") == "X"]
pieces = [e for e in slices if e["name"] == "piece"]
chunks = [e for e in slices if e["name"] == "chunk"]
# The clocks of one machine agree up to the estimate's error: a few round trips of 20-50 us each.
SLACK_US = 2000.0

covered = [0] * n
for c in chunks:
    a = c["args"]
    for i in range(a["start"], a["start"] + a["size"]):
        covered[i] += 1
assert all(x == 1 for x in covered), "chunks do not cover [0, %d) once: %s" % (
    n, [i for i, x in enumerate(covered) if x != 1][:10])

for group in groups:
    lead, members = group[0], set(group)
    mine = [p for p in pieces if p["args"]["group_of"] == lead]
    assert mine, "no piece of rank %d's group in the trace" % lead
    for p in mine:
        assert p["tid"] in members, "piece on rank %d, outside group %s" % (p["tid"], group)
    group_chunks = [c for c in chunks if c["tid"] == lead]
    assert group_chunks, "no group chunk on rank %d's track" % lead
    for c in group_chunks:
        lo, hi = c["args"]["start"], c["args"]["start"] + c["args"]["size"]
        inside = [p for p in mine if p["args"]["start"] < hi and p["args"]["start"] + p["args"]["size"] > lo]
        tiles = sorted((p["args"]["start"], p["args"]["size"]) for p in inside)
        assert tiles and tiles[0][0] <= lo, "group chunk [%d, %d): pieces %s do not tile it" % (lo, hi, tiles)
        at = tiles[0][0]
        for start, size in tiles:
            assert start == at, "group chunk [%d, %d): pieces %s do not tile it" % (lo, hi, tiles)
            at += size
        assert at >= hi, "group chunk [%d, %d): pieces %s do not tile it" % (lo, hi, tiles)
        for p in inside:
            assert p["ts"] >= c["ts"] - SLACK_US and p["ts"] + p["dur"] <= c["ts"] + c["dur"] + SLACK_US, (
                "piece %s outside its group chunk's time %s" % (p, c))
    print("group of rank %d: %d group chunks, each tiled by its pieces on ranks %s" % (
        lead, len(group_chunks), sorted({p["tid"] for p in mine})))
