#!/usr/bin/env python3
"""check_trace_clock.py TRACE RANKS: every worker's track has one "clock sync" slice whose offset estimate is
within half its round trip of 0 (the ranks share this machine's clock, so the true offset is 0), and a run of
one rank has none. test/cluster/checks.py does the same with known non-zero offsets across hosts."""
import json
import sys

trace, ranks = sys.argv[1], int(sys.argv[2])
events = json.load(open(trace))["traceEvents"]
syncs = [e for e in events if e.get("name") == "clock sync"]
assert sorted(e["tid"] for e in syncs) == list(range(1, ranks)), "clock sync tracks: %s" % [e["tid"] for e in syncs]
for e in syncs:
    a = e["args"]
    assert a["rtt_us"] > 0, e
    # Printed in ns and 1 ns of round trip: that much rounding on top of the bound.
    assert abs(a["offset_s"]) <= a["rtt_us"] * 1e-6 / 2 + 2e-9, e
    assert abs(e["dur"] - a["rtt_us"]) < 0.01, e
print("clock sync: %d ranks, offsets within half their round trip" % len(syncs))
