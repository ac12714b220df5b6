"""Builds and runs one generated program both ways and sorts each of its loops into refused / identical / WRONG.

Approach, per program (many loops, one build):
  1. the sequential reference: compiled with -Wall -Wextra -Werror (a warning is a generator bug) and once
     more with -fsanitize=address,undefined; the sanitized run must be clean and print what the plain one
     prints, else the loop it stops in is set aside as a generator error (never counted as lsc's fault);
  2. the rewrite: lsc-rewrite refuses the whole file when any loop is refused, so the harness parses its
     `prog.c:LINE:COL: error:` lines, maps each line to the loop whose region holds it, renders the file
     again with those loops' pragmas blanked (line numbers do not move) and rewrites again until it passes.
     A diagnostic outside every region falls back to rewriting the loops one at a time. A pragma that
     leaves no `lsc_site` for its line in the output was skipped silently: WRONG;
  3. the lsc build (mpicc + liblsc.a, README's recipe); errors map back through the #line directives;
  4. the runs: mpirun at several rank counts with random LSC_SCHEDULE, LSC_SLOWDOWN, LSC_MASTER,
     LSC_WEIGHTS, LSC_ALPHA, LSC_THREADS (and LSC_REISSUE, LSC_SUBMASTERS). Each loop prints one hash line; a loop whose line
     differs is WRONG.
     A run that crashes, fails or hangs is resumed after the loop in progress (main runs the loops
     [argv[1], argv[2])), so one bad loop never hides the others. The failure is charged to the loop in
     progress when it also fails alone; else to the nearest earlier loop without which it does not fail
     (workers whose memory a loop corrupted crash in a later one), or, when a loop of a known-wrong class
     ran in that stretch, to that loop.
"""
import os
import re
import shutil
import signal
import subprocess
import time
import zlib

import features as F

DIAG = re.compile(r"^(?:.*/)?prog\.c:(\d+):(\d+): (error|fatal error): (.*)$")
OUT_LINE = re.compile(r"^loop (\d+) ([0-9a-f]{16})$")

SEQ_FLAGS = ["-std=c11", "-O1", "-Wall", "-Wextra", "-Wno-unknown-pragmas", "-Werror"]
ASAN_FLAGS = ["-std=c11", "-O1", "-g", "-Wno-unknown-pragmas", "-fsanitize=address,undefined",
              "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]

SCHEDULES = ["static", "cyclic", "block_cyclic(2)", "pss", "css(3)", "css(7)", "gss", "gss(2)", "fss", "fss(3)",
             "tss", "tss(20,2)", "fiss", "fiss(4)", "tfss", "dcss(4)", "dgss", "dfss", "dtss",
             # issue 16: the DLS techniques (the adaptive ones learn across the program's loops) and other names
             "fsc", "mfsc", "fac", "fac(1,2)", "fac2", "wf", "tap", "viss", "pls", "rnd(1,9)", "static_steal",
             "static_steal(3)", "awf", "awf_b", "awf_c", "awf_d", "awf_e", "af", "bold", "dynamic,2", "guided", "static,3",
             "auto"]


class Toolchain:
    """Where the tools are, and the environment MPI needs here (root, oversubscription, yielding)."""

    def __init__(self, build, source, rewriter=None, cc="cc", asan_cc="gcc"):
        self.build, self.source = os.path.abspath(build), os.path.abspath(source)
        self.rewriter = os.path.abspath(rewriter) if rewriter else self.default_rewriter()
        self.include = os.path.join(self.source, "include")
        self.liblsc = os.path.join(self.build, "lib", "liblsc.a")
        self.cc, self.asan_cc = cc, asan_cc
        self.mpicc = shutil.which("mpicc") or "mpicc"
        self.mpirun = shutil.which("mpirun") or "mpirun"
        # The runs set their own LSC_ settings; only the test hooks (docs/runtime.md) pass, so a fuzz run can
        # steer a decision onto the path it checks (LSC_TEST_LEAD_BYTES=0: every first instance's leading piece).
        env = {k: v for k, v in os.environ.items() if not k.startswith("LSC_") or k.startswith("LSC_TEST_LEAD_")}
        env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
        env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        env.setdefault("OMPI_MCA_rmaps_base_oversubscribe", "1")
        env.setdefault("OMPI_MCA_mpi_yield_when_idle", "1")
        env.setdefault("OMPI_MCA_btl_vader_single_copy_mechanism", "none")
        env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
        self.env = env
        # The rewriter's own sanitizer reports end it with a status no refusal uses (1 is a refusal).
        self.rewriter_env = dict(env, ASAN_OPTIONS="detect_leaks=0:exitcode=86",
                                 UBSAN_OPTIONS="halt_on_error=1:exitcode=86:print_stacktrace=1")

    def default_rewriter(self):
        """The sanitized lsc-rewrite of `make check` (<build>/asan) when it is as new as the plain one: a
        memory error in the rewriter can turn into a silently wrong descriptor, which ASan reports at once."""
        plain = os.path.join(self.build, "bin", "lsc-rewrite")
        asan = os.path.join(self.build, "asan", "bin", "lsc-rewrite")
        if os.path.exists(asan) and os.path.exists(plain) and os.path.getmtime(asan) >= os.path.getmtime(plain):
            return asan
        return plain

    def missing(self):
        return [p for p in (self.rewriter, self.liblsc, self.include) if not os.path.exists(p)]


def run(cmd, cwd, env=None, timeout=120):
    """(exit status or 'timeout', stdout, stderr); the process group is killed on timeout."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out.decode(errors="replace"), err.decode(errors="replace")
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        return "timeout", out.decode(errors="replace"), err.decode(errors="replace")


def random_config(rng, np_):
    """One run: a rank count and the LSC_* variables, drawn from rng."""
    env = {}
    if rng.random() < 0.8:
        env["LSC_SCHEDULE"] = rng.choice(SCHEDULES)
    if rng.random() < 0.5:
        # the time-varying form too (issue 16): a rank that slows down, or recovers, a few ms into the run
        env["LSC_SLOWDOWN"] = ",".join(rng.choice(["1", "1", "1.5", "2", "3", "4", "2@0.005", "3:1@0.01"])
                                       for _ in range(np_))
    if rng.random() < 0.3:
        env["LSC_MASTER"] = rng.choice(["auto", "compute", "serve"])
    if rng.random() < 0.2:
        env["LSC_WEIGHTS"] = rng.choice(["equal", "measured", "load", "clock",
                                         ",".join(str(rng.randint(1, 4)) for _ in range(np_))])
    if rng.random() < 0.2:
        env["LSC_ALPHA"] = rng.choice(["0", "50", "80", "auto"])
    if rng.random() < 0.1:
        env["LSC_THREADS"] = rng.choice(["2", "2:dynamic", "2:guided"])
    # Re-issue (on by default for bodies proved free of other effects): forced on or off in some runs. Chosen
    # from the draws above, not by a draw of its own, so the configurations of existing seeds stay as they were.
    pick = zlib.crc32(repr((np_, sorted(env.items()))).encode()) % 10
    if pick < 3:
        env["LSC_REISSUE"] = ["on", "3", "off"][pick]
    # Hierarchical masters in groups of 2 (np 4: rank 2 serves rank 3), drawn the same way, in a third of
    # the runs with 4 ranks.
    if np_ >= 4 and zlib.crc32(repr((np_, sorted(env.items()), "submasters")).encode()) % 3 == 0:
        env["LSC_SUBMASTERS"] = "2"
    return {"np": np_, "env": env}


def config_text(cfg):
    return " ".join("%s='%s'" % kv for kv in sorted(cfg["env"].items())) + (" " if cfg["env"] else "") + \
        "mpirun -np %d" % cfg["np"]


def parse_output(text):
    """[(loop id, hash)] in order, and lines that are not loop lines."""
    lines, other = [], []
    for line in text.splitlines():
        m = OUT_LINE.match(line)
        if m:
            lines.append((int(m.group(1)), m.group(2)))
        elif line.strip():
            other.append(line)
    return lines, other


BANNER = ("-----", "Primary job", "a non-zero exit", "mpirun noticed", "Per user-direction", "[")


def summarize_err(err):
    """The lines of a failed run's stderr that say what happened (lsc's own first), without MPI's banners."""
    lines = [l.strip() for l in err.splitlines() if l.strip() and not l.strip().startswith(BANNER)]
    key = [l for l in lines if "lsc:" in l] or \
        [l for l in lines if any(w in l for w in ("error", "Error", "malloc", "Sanitizer", "signal", "Assert"))]
    pick = (key or lines)[:3]
    return " | ".join(pick)[:600] if pick else "(no message)"


def region_of(where, line):
    for lid, (first, last, _, _) in where.items():
        if first <= line <= last:
            return lid
    return None


def normalise(msg):
    """A refusal message with the program's names and numbers blanked, for counting by kind."""
    msg = re.sub(r"'[^']*'", "'_'", msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    return msg.strip()


class Result:
    """What became of one loop."""

    def __init__(self, lid, features):
        self.lid, self.features = lid, sorted(features)
        self.status = None  # refused, identical, WRONG, generator
        self.detail = ""  # refusal message, what differs, generator error
        self.kind = ""  # for WRONG: differs, crash, timeout, not rewritten, does not compile, printed twice
        self.config = None  # the first run that showed a WRONG
        self.runs = 0
        self.reproducer = None
        self.partner = None  # a loop that fails after this one in the same processes (memory corrupted)

    def as_dict(self):
        return {k: getattr(self, k) for k in ("lid", "features", "status", "detail", "kind", "config", "runs",
                                              "reproducer", "partner")}


class ProgramCheck:
    """Steps 1-4 of the module docstring for one program, in its own work folder."""

    def __init__(self, prog, tc, workdir, configs, log=None):
        self.prog, self.tc, self.dir, self.configs = prog, tc, workdir, configs
        self.log = log or (lambda msg: None)
        self.results = {l.lid: Result(l.lid, l.features()) for l in prog.loops}
        self.alive = [l.lid for l in prog.loops]  # loops not set aside as generator errors
        self.rewriter_crashes = {}  # lid -> what the rewriter printed when it crashed on that loop alone
        os.makedirs(workdir, exist_ok=True)

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, marked, verbose=False):
        text, where = self.prog.render(marked=marked, verbose=verbose, only=set(self.alive))
        with open(self.path("prog.c"), "w") as f:
            f.write(text)
        return where

    def generator_error(self, lid, msg):
        r = self.results[lid]
        r.status, r.detail = "generator", msg[:2000]
        self.alive.remove(lid)

    # ---- 1. the sequential reference ----------------------------------------------------------------------

    def reference(self):
        """The sequential output {loop id: hash}; None when the program cannot be made clean."""
        for attempt in range(8):
            if not self.alive:
                return {}
            where = self.write(None)
            code, out, err = run([self.tc.cc] + SEQ_FLAGS + ["prog.c", "-o", "prog.seq"], self.dir)
            if code != 0:
                bad = {region_of(where, int(m.group(1))) for m in map(DIAG.match, err.splitlines()) if m}
                bad |= {region_of(where, int(n)) for n in re.findall(r"prog\.c:(\d+):\d+: warning", err)}
                bad.discard(None)
                if not bad:
                    raise RuntimeError("the sequential build failed outside every loop:\n" + err[-3000:])
                for lid in bad:
                    self.generator_error(lid, "sequential build: " + err[-1500:])
                continue
            code, out, err = run(["./prog.seq"], self.dir, timeout=120)
            ref, _ = parse_output(out)
            if code != 0:
                order = [l.lid for l in self.prog.loops if l.lid in self.alive]
                lid = order[min(len(ref), len(order) - 1)]
                self.generator_error(lid, "sequential run: exit %s: %s" % (code, err[-1500:]))
                continue
            code2, out2, err2 = run([self.tc.asan_cc] + ASAN_FLAGS + ["prog.c", "-o", "prog.asan"], self.dir)
            if code2 != 0:
                raise RuntimeError("the sanitizer build failed:\n" + err2[-3000:])
            for tries in range(2):  # ASan sometimes dies at start-up on this kernel: one retry
                code2, out2, err2 = run(["./prog.asan"], self.dir, env=self.tc.env, timeout=300)
                if code2 == 0:
                    break
            got, _ = parse_output(out2)
            if code2 == 0 and got == ref:
                return dict(ref)
            # the first loop that the sanitized run did not finish, or that printed another hash
            ids = [lid for lid, _ in ref]
            k = 0
            while k < len(got) and k < len(ref) and got[k] == ref[k]:
                k += 1
            lid = ids[k] if k < len(ids) else ids[-1]
            self.generator_error(lid, "sanitizer run: " + (err2[-1500:] if code2 else "prints another hash"))
        return None

    # ---- 2. the rewrite -----------------------------------------------------------------------------------

    def rewrite(self, marked):
        where = self.write(marked)
        return run([self.tc.rewriter, "prog.c", "-o", "prog.lsc.c"], self.dir, env=self.tc.rewriter_env), where

    def rewrite_all(self):
        """Rewrites with every loop marked that lsc accepts; refused loops get their message."""
        marked = set(self.alive)
        for attempt in range(len(self.alive) + 2):
            (code, out, err), where = self.rewrite(marked)
            if code == 0:
                return marked, where
            refused = {}
            for line in err.splitlines():
                m = DIAG.match(line)
                if m:
                    lid = region_of(where, int(m.group(1)))
                    if lid is not None and lid in marked and lid not in refused:
                        refused[lid] = m.group(4)
            if not refused:
                refused = self.isolate(marked)
                if not refused:
                    raise RuntimeError("lsc-rewrite failed (exit %s) and no loop alone fails:\n%s" % (code, err[-3000:]))
            for lid, msg in refused.items():
                r = self.results[lid]
                r.status, r.detail = "refused", msg
                marked.discard(lid)
        raise RuntimeError("lsc-rewrite never passed")

    def isolate(self, marked):
        """The loops that fail to rewrite alone (when a diagnostic is outside every loop's region)."""
        refused = {}
        for lid in sorted(marked):
            (code, out, err), where = self.rewrite({lid})
            if code != 0:
                msgs = [m.group(4) for m in map(DIAG.match, err.splitlines()) if m]
                if code == "timeout" or code < 0 or code > 1:
                    # not a refusal but a bug of the rewriter: the loop is WRONG (kind "rewriter crash")
                    self.rewriter_crashes[lid] = "lsc-rewrite crashed or hung (exit %s):\n%s" % (code, err[-3000:])
                    msgs = ["lsc-rewrite crashed or hung (exit %s)" % code]
                refused[lid] = msgs[0] if msgs else "lsc-rewrite failed: " + (err.strip().splitlines() or ["?"])[-1]
        return refused

    def check_sites(self, marked, where):
        """Loops whose pragma produced no lsc_site (a silent skip)."""
        text = open(self.path("prog.lsc.c")).read()
        lines = {int(n) for n in re.findall(r"\.line = (\d+)", text)}
        skipped = []
        for lid in marked:
            _, _, pragma_line, for_line = where[lid]
            if not any(pragma_line <= n <= for_line for n in lines):
                skipped.append(lid)
        return skipped

    # ---- 3. the lsc build ---------------------------------------------------------------------------------

    def build_lsc(self):
        cmd = [self.tc.mpicc, "-std=c11", "-O1", "-w", "-I" + self.tc.include, "prog.lsc.c", "-o", "prog.lsc",
               self.tc.liblsc, "-fopenmp", "-lm", "-ldl"]
        return run(cmd, self.dir)

    # ---- 4. the runs --------------------------------------------------------------------------------------

    def run_range(self, cfg, first, last=None):
        """Runs loops [first, last) of the lsc program: (exit status or 'timeout', [(loop id, hash)], stderr)."""
        env = dict(self.tc.env)
        env.update(cfg["env"])
        cmd = [self.tc.mpirun, "--oversubscribe", "--bind-to", "none", "-np", str(cfg["np"]), "./prog.lsc",
               str(first)] + ([str(last)] if last is not None else [])
        code, out, err = run(cmd, self.dir, env=env, timeout=120)
        return code, parse_output(out)[0], err

    def judge(self, lid, hashes, ref, cfg, wrong):
        self.results[lid].runs += 1
        if len(hashes) > 1:
            wrong.setdefault(lid, ("printed %d times" % len(hashes), cfg,
                                   "the loop's line appears %d times" % len(hashes), None))
        elif hashes[0] != ref[lid]:
            wrong.setdefault(lid, ("differs", cfg, "hash %s, sequential %s" % (hashes[0], ref[lid]), None))

    def run_config(self, cfg, order, ref, wrong):
        """Runs one configuration over every loop, resuming after a loop that stops the program.

        A run that stops at loop k is charged to the loop that causes it: k alone is run again, then
        k - 1 and k, and so on: a loop that corrupts the processes' memory makes a later one crash."""
        pos = 0
        while pos < len(order):
            code, got, err = self.run_range(cfg, pos)
            k = self.take(order, pos, got, ref, cfg, wrong)
            if code == 0 and k == len(order):
                return
            # the loop in progress when the run stopped (the last one when it failed at exit)
            stop = min(k, len(order) - 1)
            culprit, why = self.culprit(cfg, order, pos, stop, k, ref, wrong)
            code, err = why if why else (code, err)
            kind = "timeout" if code == "timeout" else "crash"
            where = "" if k < len(order) else " at exit, after the last loop"
            known = [lid for lid in order[pos if culprit is None else culprit:stop + 1]
                     if F.primary(self.results[lid].features)]
            if culprit != stop and known:
                # a loop lsc is known to get wrong (out-of-bounds writes, ...) ran in the failing stretch: it
                # is charged, not a loop that only changed the heap's layout before it
                wrong.setdefault(known[-1], (kind, cfg, "the run stopped at loop %d%s: exit %s: %s" % (
                    order[stop], where, code, summarize_err(err)), None))
                pos = k + 1
                continue
            if culprit is None or culprit == stop:
                if k == stop:
                    self.results[order[k]].runs += 1
                note = "" if culprit is not None else " (alone it runs clean: the failure comes and goes, or " \
                    "needs the loops before it)"
                wrong.setdefault(order[stop], (kind, cfg, "exit %s%s: %s%s" % (code, where, summarize_err(err), note),
                                               None))
            else:
                why = "loop %d stops the program%s when it runs after this one in the same processes (memory " \
                      "corrupted?): exit %s: %s" % (order[stop], where, code, summarize_err(err))
                wrong.setdefault(order[culprit], (kind, cfg, why, order[stop]))
            pos = k + 1

    def culprit(self, cfg, order, pos, stop, k, ref, wrong):
        """(position of the loop that makes the run stop, (exit status, stderr)) or (None, None).

        The loop in progress alone first (three tries: memory corruption does not always show); then the
        runs from earlier loops up to it, the nearest first: the first that fails names the loop that
        leaves the processes broken."""
        for t in range(3):
            c2, got2, err2 = self.run_range(cfg, stop, stop + 1)
            if c2 != 0 or len(got2) < 1:
                return stop, (c2, err2)
            if t == 0 and k == stop:
                self.judge(order[k], [h for lid, h in got2 if lid == order[k]], ref, cfg, wrong)
        def fails(first):
            c2, got2, err2 = self.run_range(cfg, first, stop + 1)
            return (c2, err2) if c2 != 0 or len(got2) < stop + 1 - first else None

        for j in range(stop - 1, pos - 1, -1):
            why = fails(j)
            if why:
                # confirmed only when it fails again with loop j and passes twice more without it: a crash
                # that comes and goes would otherwise be charged to an innocent loop
                if fails(j) and not fails(j + 1) and not fails(j + 1):
                    return j, why
                return None, None
        return None, None

    def take(self, order, pos, got, ref, cfg, wrong):
        """Judges the loop lines of a run from position pos; returns the position of the first missing one."""
        seen = {}
        for lid, h in got:
            seen.setdefault(lid, []).append(h)
        k = pos
        for lid, h in got:
            if k < len(order) and lid == order[k]:
                k += 1
        for lid in order[pos:k]:
            self.judge(lid, seen[lid], ref, cfg, wrong)
        return k

    def check(self):
        start = time.monotonic()
        ref = self.reference()
        if ref is None:
            for lid in list(self.alive):
                self.generator_error(lid, "the program could not be made clean")
            return self.results
        marked, where = self.rewrite_all()
        wrong = {}
        for lid in self.check_sites(marked, where):
            wrong[lid] = ("not rewritten", None, "the pragma produced no lsc_site: skipped without a word", None)
        for attempt in range(len(marked) + 1):
            code, out, err = self.build_lsc()
            if code == 0:
                break
            bad = set()
            for m in map(DIAG.match, err.splitlines()):
                if m:
                    lid = region_of(where, int(m.group(1)))
                    if lid in marked:
                        bad.add(lid)
            if not bad:
                bad = self.isolate_build(marked)
            if not bad:
                raise RuntimeError("the rewritten program does not compile:\n" + err[-3000:])
            for lid in bad:
                wrong[lid] = ("does not compile", None, "mpicc: " + err[-1500:], None)
                marked.discard(lid)
            (code, out, err), where = self.rewrite(marked)
            if code != 0:
                raise RuntimeError("lsc-rewrite failed after dropping loops that do not compile")
        else:
            raise RuntimeError("the rewritten program never compiled")
        order = [l.lid for l in self.prog.loops if l.lid in self.alive]
        for cfg in self.configs:
            self.run_config(cfg, order, ref, wrong)
        for lid in self.alive:
            r = self.results[lid]
            if lid in self.rewriter_crashes:
                r.status, r.kind, r.detail = "WRONG", "rewriter crash", self.rewriter_crashes[lid]
            elif lid in wrong:
                r.status = "WRONG"
                r.kind, r.config, r.detail, r.partner = wrong[lid]
                if lid not in marked and r.kind == "differs":
                    r.detail += " (its pragma was dropped: the loop ran sequentially)"
            elif lid in marked:
                r.status = "identical"
            elif r.status is None:
                r.status = "refused"
        self.log("program %s: %d loops, %.1f s" % (self.prog.index, len(self.prog.loops), time.monotonic() - start))
        return self.results

    def isolate_build(self, marked):
        bad = set()
        for lid in sorted(marked):
            (code, out, err), _ = self.rewrite({lid})
            if code == 0 and self.build_lsc()[0] != 0:
                bad.add(lid)
        return bad
