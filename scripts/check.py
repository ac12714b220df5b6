#!/usr/bin/env python3
"""Runs every lsc test suite and ends with one line: `N passed, N failed[, N skipped]`.

Suites: the include direction of the source folders (scripts/check-layers.py), the lit tests (test/), the C
unit tests of the normal build, a second build with AddressSanitizer + UndefinedBehaviorSanitizer
(<build>/asan) that runs the unit tests and the lit suites of the real paths: lsc-rewrite's and the ones that
run programs on liblsc under mpirun, and the differential fuzzer on a fixed seed (test/fuzz/, one test per
generated loop), and the namespace cluster (scripts/check-cluster.py: lsc across 3 hosts made of network
namespaces; one skipped test where the machine does not allow them). Exit status 1 on any failure.
Only Debian's python3 standard library is used.
"""
import argparse
import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIT = "/usr/lib/llvm-19/build/utils/lit/lit.py"


def run(cmd, **kw):
    return subprocess.run(cmd, stdin=subprocess.DEVNULL, **kw)


def build_sanitized(build, jobs):
    asan = os.path.join(build, "asan")
    # Configured every time (quick when nothing changed), so an older sanitized folder gets the tools too.
    r = run(["cmake", "-S", ROOT, "-B", asan, "-DLSC_SANITIZE=ON", "-DCMAKE_BUILD_TYPE=Debug",
             "-DLSC_BUILD_TOOLS=ON"], stdout=subprocess.DEVNULL)
    if r.returncode:
        return None
    # The unit tests, and the real paths: lsc-rewrite and liblsc, which the sanitized lit suites drive.
    r = run(["cmake", "--build", asan, "--target", "unit-tests", "lsc-rewrite", "lsc", "lsc_shared", "lsc-plan",
             "bench-pipeline", "-j%d" % jobs], stdout=subprocess.DEVNULL)
    return asan if r.returncode == 0 else None


def run_unit_tests(build, label, results):
    manifest = os.path.join(build, "test", "unit-tests.txt")
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    for exe in [l.strip() for l in open(manifest) if l.strip()]:
        name = os.path.basename(exe)
        try:
            r = run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, timeout=600)
            out, code = r.stdout.decode(errors="replace"), r.returncode
        except subprocess.TimeoutExpired as e:
            out, code = (e.stdout or b"").decode(errors="replace") + "\n(timed out)", -1
        cases = [l for l in out.splitlines() if l.startswith(("PASS: ", "FAIL: "))]
        for line in cases:
            status, case = line.split(": ", 1)
            results.append((status == "PASS", "%s: %s.%s" % (label, name, case), out))
        failed_cases = any(l.startswith("FAIL: ") for l in cases)
        if code != 0 and not failed_cases:
            # A crash, a sanitizer report or a silent non-zero exit is a failure of its own.
            results.append((False, "%s: %s (exit %d)" % (label, name, code), out))


def run_layers(results):
    """The include direction of the stage and layer folders (scripts/check-layers.py): one test."""
    r = run([sys.executable, os.path.join(ROOT, "scripts", "check-layers.py")], stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT)
    results.append((r.returncode == 0, "layers: every include goes down", r.stdout.decode(errors="replace")))


def lit_suites(build):
    """The lit suites: the folders of test/ that hold tests (everything but unit/ and Inputs)."""
    test = os.path.join(ROOT, "test")
    # cluster/ holds no lit tests: scripts/check-cluster.py runs it as a suite of its own.
    return sorted(d for d in os.listdir(test)
                  if d not in ("unit", "Inputs", "cluster") and os.path.isdir(os.path.join(test, d)))


# The suites that also run on the sanitized build: the rewriter's and the ones that run programs under mpirun.
SANITIZED_SUITES = ("rewrite", "runtime", "samples")


def run_lit_suite(build, suite, jobs, results, skipped, label="lit"):
    """One lit suite; its failing tests' output (lit -v) is kept with their results."""
    xml = os.path.join(build, "lit-results-%s.xml" % suite)
    if os.path.exists(xml):
        os.remove(xml)
    # The whole test tree with a filter: a suite's folder in the build tree exists only once lit has run it.
    cmd = [sys.executable, LIT, "-sv", "-j%d" % jobs, "--xunit-xml-output", xml,
           "--filter", "^lsc :: %s/" % suite, os.path.join(build, "test")]
    r = run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = r.stdout.decode(errors="replace")
    if not os.path.exists(xml):
        results.append((False, "%s/%s: did not run (exit %d)" % (label, suite, r.returncode), text[-5000:]))
        return
    for case in ET.parse(xml).getroot().iter("testcase"):
        name = "%s: %s/%s" % (label, case.get("classname", ""), case.get("name", ""))
        skip = case.find("skipped")
        if skip is not None:
            # Tests of the other suites are "not selected" by the filter: not this suite's, not skipped.
            if not skip.get("message", "").startswith("Test not selected"):
                skipped.append(name)
            continue
        failed = case.find("failure") is not None or case.find("error") is not None
        out = ""
        if failed:
            # lit -v prints each failing test's commands and output between two rows of stars.
            test_name = case.get("name", "")
            start = text.find("FAILED ****", text.find(test_name))
            end = text.find("\n" + "*" * 20, start + 12)
            out = text[start:end if end > start else start + 8000] if start >= 0 else text[-4000:]
        results.append((not failed, name, out))


FUZZ_LOOPS, FUZZ_SEED = 200, "check"


def run_fuzz(build, jobs, results, skipped):
    """The differential fuzzer (test/fuzz/fuzz.py) on a fixed seed, over the feature classes lsc is not
    known to get wrong (test/fuzz/features.py): one test per loop, passed when refused or identical."""
    if not os.path.exists(os.path.join(build, "bin", "lsc-rewrite")):
        skipped.append("fuzz: lsc-rewrite is not built")
        return
    out = os.path.join(build, "fuzz-check")
    js = os.path.join(out, "results.json")
    if os.path.exists(js):
        os.remove(js)
    cmd = [sys.executable, os.path.join(ROOT, "test", "fuzz", "fuzz.py"), "--build", build, "--seed", FUZZ_SEED,
           "--loops", str(FUZZ_LOOPS), "--features", "default", "--jobs", str(jobs), "--out", out,
           "--json", js, "--quiet"]
    r = run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = r.stdout.decode(errors="replace")
    if not os.path.exists(js):
        results.append((False, "fuzz: did not run (exit %d)" % r.returncode, text[-5000:]))
        return
    for rec in json.load(open(js))["loops"]:
        ok = rec["status"] in ("identical", "refused")
        name = "fuzz: seed %s loop %d (%s): %s" % (FUZZ_SEED, rec["lid"], " ".join(rec["features"]), rec["status"])
        detail = "" if ok else "%s %s\n%s\nreproducer: %s" % (rec["kind"], rec["config"] or "", rec["detail"],
                                                                rec["reproducer"] or "-")
        results.append((ok, name, detail))


def run_cluster(build, results, skipped):
    """scripts/check-cluster.py: each of its checks a test; its skip (no root, no namespaces) a skipped one."""
    js = os.path.join(build, "cluster-results.json")
    if os.path.exists(js):
        os.remove(js)
    r = run([sys.executable, os.path.join(ROOT, "scripts", "check-cluster.py"), "--build", build, "--json", js],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = r.stdout.decode(errors="replace")
    if not os.path.exists(js):
        results.append((False, "cluster: did not run (exit %d)" % r.returncode, text[-5000:]))
        return
    data = json.load(open(js))
    skipped.extend(data["skipped"])
    for rec in data["results"]:
        results.append((rec["passed"], "cluster: " + rec["name"], rec["detail"]))
    # Runs started again because Open MPI's daemons did not all start (test/cluster/cluster.py): said, with
    # what Open MPI printed, so that a launch failure that keeps coming is seen even when the retry passed.
    if data.get("relaunched"):
        print("  cluster: %d run(s) started again after Open MPI's daemons did not all start (what it said: %s)"
              % (len(data["relaunched"]), js))


def report_suite(name, results, before, skipped_before, skipped, seconds):
    """One line as a suite finishes: what ran, how it went, how long it took."""
    mine = results[before:]
    passed = sum(1 for ok, _, _ in mine if ok)
    line = "  %-14s %4d passed, %d failed" % (name, passed, len(mine) - passed)
    if len(skipped) > skipped_before:
        line += ", %d skipped" % (len(skipped) - skipped_before)
    print("%-52s %7.1f s" % (line, seconds), flush=True)


def timed(name, results, skipped, step):
    before, skipped_before, start = len(results), len(skipped), time.monotonic()
    step()
    report_suite(name, results, before, skipped_before, skipped, time.monotonic() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-sanitize", action="store_true", help="skip the sanitizer build of the unit tests")
    args = ap.parse_args()
    build = os.path.abspath(args.build)

    results, skipped = [], []
    print("Running the suites (one line each as it finishes):", flush=True)
    timed("layers", results, skipped, lambda: run_layers(results))
    timed("unit", results, skipped, lambda: run_unit_tests(build, "unit", results))
    asan = None
    if not args.no_sanitize:
        def sanitized():
            nonlocal asan
            asan = build_sanitized(build, args.jobs)
            if asan:
                run_unit_tests(asan, "asan", results)
            else:
                results.append((False, "asan: sanitizer build failed (see cmake --build %s/asan)" % build, ""))
        timed("asan (unit)", results, skipped, sanitized)
    for suite in lit_suites(build):
        timed("lit/" + suite, results, skipped,
              lambda suite=suite: run_lit_suite(build, suite, args.jobs, results, skipped))
    for suite in SANITIZED_SUITES if asan else ():
        timed("asan/" + suite, results, skipped,
              lambda suite=suite: run_lit_suite(asan, suite, args.jobs, results, skipped, label="asan lit"))
    timed("fuzz", results, skipped, lambda: run_fuzz(build, args.jobs, results, skipped))
    timed("cluster", results, skipped, lambda: run_cluster(build, results, skipped))

    failures = [(name, out) for ok, name, out in results if not ok]
    if failures:
        print("\nFailures:")
        for name, out in failures:
            print("  " + name)
            if out:
                print("    " + "\n    ".join(out.rstrip().splitlines()[-60:]))
    passed = sum(1 for ok, _, _ in results if ok)
    line = "%d passed, %d failed" % (passed, len(failures))
    if skipped:
        line += ", %d skipped" % len(skipped)
    print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
