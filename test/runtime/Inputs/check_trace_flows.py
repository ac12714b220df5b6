"""Checks the parts of an LSC_TRACE file that show where time goes: usage check_trace_flows.py FILE RANKS LOOPS.
The "loop instances" track (named by metadata, sorted first) holds LOOPS "loop" slices and nothing else; every
"s" flow event has exactly one "f" with the same id, on the same worker's track, starting the "chunk" slice
that answered the request (or its "dropped copy" slice: a re-issued copy whose result came second), after a
"request" marker that encloses the "s"; every worker chunk has its arrow; "wait" slices lie on rank tracks only. Prints what is wrong and exits 1."""
import json
import sys
from collections import Counter, defaultdict

path, ranks, loops = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(path) as f:
    events = json.load(f)["traceEvents"]
problems = []
CHUNKS = ("chunk", "calibration chunk", "dropped copy")

names = {e["tid"]: e["args"]["name"] for e in events if e.get("ph") == "M" and e["name"] == "thread_name"}
instances = [tid for tid, name in names.items() if name == "loop instances"]
if instances != [ranks]:
    problems.append("expected the 'loop instances' track as tid %d, found %s" % (ranks, names))
sort = [e for e in events if e.get("ph") == "M" and e["name"] == "thread_sort_index" and e["tid"] == ranks]
if not sort or sort[0]["args"]["sort_index"] >= 0:
    problems.append("the instances track is not sorted first")
on_instances = [e for e in events if e.get("ph") == "X" and e["tid"] == ranks]
if len(on_instances) != loops or any(e["name"] != "loop" for e in on_instances):
    problems.append("expected %d 'loop' slices on the instances track, found %s"
                    % (loops, Counter(e["name"] for e in on_instances)))
if any(e.get("name") == "loop" and e["tid"] != ranks for e in events if e.get("ph") == "X"):
    problems.append("a 'loop' slice outside the instances track")

slices = defaultdict(list)
for e in events:
    if e.get("ph") == "X":
        slices[e["tid"]].append(e)


def enclosing(tid, ts, name):
    return [e for e in slices[tid] if e["name"] == name and e["ts"] <= ts <= e["ts"] + e["dur"]]


starts = {e["id"]: e for e in events if e.get("ph") == "s"}
finishes = Counter(e["id"] for e in events if e.get("ph") == "f")
for e in events:
    if e.get("ph") == "f":
        s = starts.get(e["id"])
        if s is None:
            problems.append("flow end %s without a start" % e["id"])
            continue
        if s["tid"] != e["tid"] or e["tid"] in (0, ranks) or e.get("bp") != "e":
            problems.append("flow %s: start on %s, end on %s, bp %s" % (e["id"], s["tid"], e["tid"], e.get("bp")))
        if not [c for c in slices[e["tid"]] if c["name"] in CHUNKS and c["ts"] == e["ts"]]:
            problems.append("flow %s does not end at the start of a chunk" % e["id"])
        if not enclosing(s["tid"], s["ts"], "request"):
            problems.append("flow %s does not start in a request marker" % e["id"])
for fid, count in finishes.items():
    if count != 1:
        problems.append("flow %s ends %d times" % (fid, count))
if set(starts) != set(finishes):
    problems.append("flow ids without an end: %s" % sorted(set(starts) - set(finishes))[:5])
worker_chunks = sum(1 for tid in range(1, ranks) for e in slices[tid] if e["name"] in CHUNKS)
if ranks > 1 and len(starts) != worker_chunks:
    problems.append("%d worker chunks but %d request arrows" % (worker_chunks, len(starts)))
waits = [e for e in events if e.get("ph") == "X" and e["name"] == "wait"]
if any(e["tid"] >= ranks or e["dur"] < 0 for e in waits):
    problems.append("a wait slice off the rank tracks")
if ranks > 1 and not waits:
    problems.append("no wait slices")
if problems:
    print("\n".join(problems))
    sys.exit(1)
print("trace flows ok: %d arrows, %d waits, %d instances" % (len(starts), len(waits), len(on_instances)))
