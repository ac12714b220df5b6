#!/usr/bin/env python3
"""lsc's differential fuzzer: random C programs with `#pragma lsc parallel for` loops, built sequentially and
through lsc, run at 1 to 4 ranks with random schedules and slowdowns; each loop is refused, identical or WRONG.

Approach: N loops are generated (gen.py, deterministic from --seed) and packed into programs of
--per-program loops, so that one build and one mpirun check many loops. Each program goes through
harness.py (sequential reference checked under ASan+UBSan, rewrite with refused loops' pragmas dropped,
lsc build, --runs runs at random rank counts and LSC_* settings). Every WRONG is shrunk by reduce.py into a
standalone reproducer under <out>/wrong/. The result is a table by feature class (features.py), the
refusals counted by message, the list of WRONG loops, and optionally a JSON file with one record per
loop (scripts/check.py reads it). Exit status 1 when any loop is WRONG or the generator erred.

  python3 test/fuzz/fuzz.py --loops 5000 --features all          # what `make fuzz N=5000 FEATURES=all` runs
  python3 test/fuzz/fuzz.py --loops 40 --seed 7 --features base,steps,reduction --keep
"""
import argparse
import collections
import concurrent.futures
import json
import os
import random
import shutil
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import features as F  # noqa: E402
import gen  # noqa: E402
import harness as H  # noqa: E402
import reduce as R  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))


def program_configs(seed, index, runs):
    """The runs of program `index`: rank counts 1..4 in a shuffled order (each once when runs >= 4)."""
    rng = random.Random("lsc-fuzz-runs:%s:%d" % (seed, index))
    nps = []
    while len(nps) < runs:
        batch = [1, 2, 3, 4]
        rng.shuffle(batch)
        nps += batch
    return [H.random_config(rng, np_) for np_ in nps[:runs]]


def check_program(args, tc, index, first, count, log):
    prog = gen.generate(args.seed, index, count, args.feature_list, first_id=first)
    work = os.path.join(args.out, "work", "p%04d" % index)
    pc = H.ProgramCheck(prog, tc, work, program_configs(args.seed, index, args.runs), log)
    try:
        results = pc.check()
    except Exception as e:  # a harness failure: every loop of the program counts as a generator error
        for lid, r in pc.results.items():
            if r.status is None:
                r.status, r.detail = "generator", "harness: %s" % e
        results = pc.results
        log("program %d: harness error: %s" % (index, str(e).splitlines()[0] if str(e) else e))
        return prog, results, False
    return prog, results, True


def reproduce(args, tc, prog, results, log, quota):
    """Reproducers for the WRONG loops of a program (bounded per kind of WRONG, see `quota`)."""
    for loop in prog.loops:
        r = results[loop.lid]
        if r.status != "WRONG":
            continue
        key = (r.kind, F.primary(r.features))
        if not quota(key):
            continue
        red = R.Reducer(tc, os.path.join(args.out, "work", "reduce-%d" % loop.lid), budget=args.reduce_budget)
        label = "seed%s-loop%d-%s" % (args.seed, loop.lid, r.kind.replace(" ", "-"))
        partner = next((l for l in prog.loops if l.lid == r.partner), None)
        path = red.reduce(loop, r, os.path.join(args.out, "wrong"), label, partner)
        if path is None:
            # it fails only among the other loops: keep the whole program
            path = os.path.join(args.out, "wrong", label + "-full.c")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            text, _ = prog.render(verbose=False)
            with open(path, "w") as f:
                f.write("/* lsc fuzz: loop %d is WRONG (%s) only in this whole program: %s\n   run: %s */\n"
                        % (loop.lid, r.kind, r.detail.splitlines()[0] if r.detail else "",
                           H.config_text(r.config) if r.config else "rewrite and build"))
                f.write(text)
        r.reproducer = os.path.relpath(path, ROOT) if path.startswith(ROOT) else path
        log("loop %d: WRONG (%s), reproducer %s" % (loop.lid, r.kind, r.reproducer))
        if not args.keep:
            shutil.rmtree(red.dir, ignore_errors=True)


def table(results, args, seconds, nprog):
    """The report: counts per class, refusals by message, the WRONG loops."""
    out = []
    n = len(results)
    out.append("lsc fuzz: seed %s, %d loops in %d programs, %d runs each (np 1-4), features %s; %.0f s" % (
        args.seed, n, nprog, args.runs, args.features, seconds))
    classes = ["all"] + [f for f in F.ALL if f in args.feature_list]
    rows = collections.OrderedDict((c, collections.Counter()) for c in classes)
    for r in results:
        for c in ["all"] + r.features:
            if c in rows:
                rows[c][r.status] += 1
                rows[c]["n"] += 1
    out.append("")
    out.append("%-13s %6s %16s %10s %6s %8s" % ("class", "loops", "refused", "identical", "WRONG", "gen.err"))
    for c, k in rows.items():
        if not k["n"]:
            continue
        ref = "%d (%.1f%%)" % (k["refused"], 100.0 * k["refused"] / k["n"])
        mark = " (known wrong)" if c in F.KNOWN_WRONG else ""
        out.append("%-13s %6d %16s %10d %6d %8d%s" % (c, k["n"], ref, k["identical"], k["WRONG"], k["generator"], mark))
    msgs = collections.Counter(H.normalise(r.detail) for r in results if r.status == "refused")
    parallel = [r for r in results if "deps" not in r.features]
    if parallel:
        out.append("")
        out.append("refused share of the loops built parallel (without the deps class): %.1f%% of %d" % (
            100.0 * sum(r.status == "refused" for r in parallel) / len(parallel), len(parallel)))
    if msgs:
        out.append("")
        out.append("refusals by message (share of all loops):")
        for msg, cnt in msgs.most_common(args.top):
            out.append("  %5d %5.1f%%  %s" % (cnt, 100.0 * cnt / n, msg[:150]))
        if len(msgs) > args.top:
            out.append("  %5d more messages" % (len(msgs) - args.top))
    wrong = [r for r in results if r.status == "WRONG"]
    if wrong:
        out.append("")
        out.append("WRONG loops (%d):" % len(wrong))
        kinds = collections.Counter((r.kind, F.primary(r.features)) for r in wrong)
        for (kind, known), cnt in kinds.most_common():
            out.append("  %5d  %-16s %s" % (cnt, kind, "known wrong: " + known if known else "NEW: no known-wrong class"))
        wrong.sort(key=lambda r: (F.primary(r.features) is not None, r.lid))  # new bugs first
        for r in wrong[:args.list]:
            out.append("  loop %d (%s): %s; %s%s" % (
                r.lid, " ".join(c for c in r.features if c != "base"), r.kind,
                H.config_text(r.config) if r.config else "at build",
                " -> " + r.reproducer if r.reproducer else ""))
        if len(wrong) > args.list:
            out.append("  ... %d more in the JSON results" % (len(wrong) - args.list))
    gen_err = [r for r in results if r.status == "generator"]
    if gen_err:
        out.append("")
        out.append("generator errors (%d, fuzzer bugs, not lsc's):" % len(gen_err))
        for r in gen_err[:5]:
            out.append("  loop %d: %s" % (r.lid, r.detail.strip().splitlines()[-1][:200] if r.detail.strip() else "?"))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"), help="the lsc build folder")
    ap.add_argument("--seed", default="1", help="any string; the same seed gives the same programs")
    ap.add_argument("--loops", type=int, default=200, help="loops to generate")
    ap.add_argument("--per-program", type=int, default=40, help="loops per generated program")
    ap.add_argument("--features", default="default",
                    help="classes: default, all, known-wrong, or a comma list; +x adds, -x removes (%s)"
                         % ", ".join(F.ALL))
    ap.add_argument("--runs", type=int, default=4, help="mpirun runs per program (rank counts 1-4)")
    ap.add_argument("--jobs", type=int, default=1, help="programs checked at once")
    ap.add_argument("--out", default=None, help="output folder (default <build>/fuzz)")
    ap.add_argument("--json", default=None, help="write one record per loop to this file")
    ap.add_argument("--rewriter", default=None, help="the lsc-rewrite to test (default: <build>/asan/bin/lsc-rewrite when it is as new as <build>/bin/lsc-rewrite, so memory errors in the rewriter show; else the latter)")
    ap.add_argument("--no-reduce", action="store_true", help="do not write reproducers")
    ap.add_argument("--repro-per-kind", type=int, default=3,
                    help="reproducers per kind of WRONG in the known-wrong classes (others: all)")
    ap.add_argument("--max-repro", type=int, default=100, help="reproducers in all")
    ap.add_argument("--reduce-budget", type=int, default=30, help="builds a reproducer's reduction may take")
    ap.add_argument("--keep", action="store_true", help="keep the work folders")
    ap.add_argument("--top", type=int, default=15, help="refusal messages listed")
    ap.add_argument("--list", type=int, default=40, help="WRONG loops listed")
    ap.add_argument("--programs", default=None,
                    help="check only these programs of the run (comma list of indices, as in the log)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        args.feature_list = F.parse(args.features)
    except ValueError as e:
        ap.error(str(e))
    args.out = os.path.abspath(args.out or os.path.join(args.build, "fuzz"))
    tc = H.Toolchain(args.build, ROOT, args.rewriter)
    if tc.missing():
        sys.exit("fuzz: missing %s (build lsc first: make)" % ", ".join(tc.missing()))
    shutil.rmtree(os.path.join(args.out, "work"), ignore_errors=True)
    shutil.rmtree(os.path.join(args.out, "wrong"), ignore_errors=True)
    os.makedirs(args.out, exist_ok=True)

    lock = threading.Lock()

    def log(msg):
        if not args.quiet:
            with lock:
                print("fuzz: " + msg, file=sys.stderr, flush=True)

    counts = collections.Counter()

    def quota(key):
        """Whether this WRONG gets a reproducer: every new one, a few per known-wrong class and kind."""
        with lock:
            limit = args.repro_per_kind if key[1] else args.max_repro
            if args.no_reduce or counts[key] >= limit or counts["total"] >= args.max_repro:
                return False
            counts[key] += 1
            counts["total"] += 1
            return True

    start = time.monotonic()
    plan = []
    first = 0
    while first < args.loops:
        count = min(args.per_program, args.loops - first)
        plan.append((len(plan), first, count))
        first += count
    if args.programs:
        wanted = {int(x) for x in args.programs.split(",")}
        plan = [p for p in plan if p[0] in wanted]
    results = []

    def one(job):
        index, first, count = job
        prog, res, ok = check_program(args, tc, index, first, count, log)
        for r in res.values():
            r.seed, r.program = args.seed, index
        if ok:
            reproduce(args, tc, prog, res, log, quota)
        if not args.keep:
            shutil.rmtree(os.path.join(args.out, "work", "p%04d" % index), ignore_errors=True)
        return [res[l.lid] for l in prog.loops]

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for res in pool.map(one, plan):
            results += res
    seconds = time.monotonic() - start
    text = table(results, args, seconds, len(plan))
    print(text)
    with open(os.path.join(args.out, "table.txt"), "w") as f:
        f.write(text + "\n")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"seed": args.seed, "features": args.feature_list, "seconds": seconds,
                       "loops": [r.as_dict() for r in results]}, f, indent=1)
    bad = any(r.status in ("WRONG", "generator") for r in results)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
