"""Checks an LSC_TRACE file: valid JSON in Chrome trace-event form, and its "chunk" slices, one per chunk,
cover every iteration [0, n) of each of `loops` loop instances exactly once, each with its busy time (`busy_us`,
which docs/runtime.md promises and scripts/benchsuite reads). Prints what is wrong and exits 1."""
import json
import sys

path, n, loops = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(path) as f:
    trace = json.load(f)
events = trace["traceEvents"]
chunks = [e for e in events if e.get("ph") == "X" and e.get("name") == "chunk"]
loop_events = [e for e in events if e.get("ph") == "X" and e.get("name") == "loop"]
covered = [0] * n
for e in chunks:
    assert e["dur"] >= 0 and e["ts"] >= 0, e
    if not e["args"].get("busy_us", -1) >= 0:
        print("a chunk slice without its busy time: %s" % e)
        sys.exit(1)
    start, size = e["args"]["start"], e["args"]["size"]
    for k in range(start, start + size):
        covered[k] += 1
bad = [k for k in range(n) if covered[k] != loops]
if bad:
    print("iterations not covered exactly %d times: %s" % (loops, bad[:10]))
    sys.exit(1)
if loop_events and len(loop_events) != loops:
    print("expected %d loop events, found %d" % (loops, len(loop_events)))
    sys.exit(1)
print("trace ok: %d chunk slices" % len(chunks))
