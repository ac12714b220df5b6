"""Turns a WRONG loop into a small standalone reproducer: one .c file whose header comment holds the commands.

Approach: the loop is rendered alone (its macros, helpers and data, and a main that calls it), in verbose
mode, where every element and scalar is printed, so the diff names what differs. The reproducer is first
checked to fail on its own with the run that showed the WRONG (a few tries: scheduling is not
deterministic). Then it is shrunk greedily: leave out one statement of the body at a time, and simplify
the run (drop an LSC_* variable, use fewer ranks), keeping each step that still fails and still builds
without warnings (leaving statements out only narrows the values, so the result is checked under
ASan+UBSan once, at the end). What remains is written to <out>/wrong/ with the sequential and
lsc lines that differ and the commands that show it.
"""
import difflib
import os

import gen
import harness as H


class Reducer:
    def __init__(self, tc, workdir, tries=3, budget=30):
        self.tc, self.dir, self.tries, self.budget = tc, workdir, tries, budget
        os.makedirs(workdir, exist_ok=True)

    def attempt(self, loop, drop, cfg, kind):
        """(fails?, sequential output, lsc output): the loop alone (and its partner, a loop that fails after
        it), statements in drop left out."""
        self.budget -= 1
        prog = gen.Program(self.seed, self.program, [loop] + ([self.partner] if self.partner else []))
        text, where = prog.render(verbose=True, drops={loop.lid: drop})
        self.text = text
        with open(os.path.join(self.dir, "prog.c"), "w") as f:
            f.write(text)
        d = self.dir
        code, out, err = H.run([self.tc.cc] + H.SEQ_FLAGS + ["prog.c", "-o", "prog.seq"], d)
        if code != 0:
            return False, "", ""
        code, seq, err = H.run(["./prog.seq"], d, timeout=60)
        if code != 0:
            return False, "", ""
        code, out, err = H.run([self.tc.rewriter, "prog.c", "-o", "prog.lsc.c"], d, env=self.tc.rewriter_env)
        crashed = code == "timeout" or code < 0 or code > 1
        if kind == "rewriter crash":
            return crashed, seq, err[-3000:]
        if code != 0:
            return False, seq, "lsc-rewrite refused it: " + err
        if kind == "not rewritten":
            text = open(os.path.join(d, "prog.lsc.c")).read()
            return "lsc_parallel_for(" not in text, seq, "(no lsc_site in the rewritten file)"
        cmd = [self.tc.mpicc, "-std=c11", "-O1", "-w", "-I" + self.tc.include, "prog.lsc.c", "-o", "prog.lsc",
               self.tc.liblsc, "-fopenmp", "-lm", "-ldl"]
        code, out, err = H.run(cmd, d)
        if code != 0:
            return kind == "does not compile", seq, err
        if kind == "does not compile":
            return False, seq, ""
        env = dict(self.tc.env)
        env.update(cfg["env"])
        for _ in range(self.tries):
            code, out, err = H.run([self.tc.mpirun, "--oversubscribe", "--bind-to", "none", "-np", str(cfg["np"]),
                                    "./prog.lsc"], d, env=env, timeout=60)
            if code != 0 or out != seq:
                return True, seq, out + ("\n[exit %s] %s" % (code, H.summarize_err(err)) if code != 0 else "")
        return False, seq, out

    def sanitizer_clean(self, text, seq):
        """The reproducer, built with ASan+UBSan, runs clean and prints what the plain build prints."""
        with open(os.path.join(self.dir, "prog.c"), "w") as f:
            f.write(text)
        if H.run([self.tc.asan_cc] + H.ASAN_FLAGS + ["prog.c", "-o", "prog.asan"], self.dir)[0] != 0:
            return False
        code, out, err = H.run(["./prog.asan"], self.dir, env=self.tc.env, timeout=120)
        return code == 0 and out == seq

    def simpler_configs(self, cfg):
        for var in sorted(cfg["env"]):
            env = {k: v for k, v in cfg["env"].items() if k != var}
            yield {"np": cfg["np"], "env": env}
        for np_ in range(1, cfg["np"]):
            yield {"np": np_, "env": dict(cfg["env"])}

    def reduce(self, loop, result, out_dir, label, partner=None):
        """Writes the reproducer; returns its path (None when the loop does not fail alone, or with the
        partner loop that fails after it)."""
        self.seed, self.program, self.partner = result.seed, result.program, partner
        kind, cfg = result.kind, result.config or {"np": 2, "env": {}}
        fails, seq, lsc = self.attempt(loop, set(), cfg, kind)
        if not fails and kind in ("differs", "crash", "timeout"):
            # scheduling is not deterministic: another rank count may show it
            for np_ in (2, 3, 4):
                alt = {"np": np_, "env": dict(cfg["env"])}
                fails, seq, lsc = self.attempt(loop, set(), alt, kind)
                if fails:
                    cfg = alt
                    break
        if not fails:
            return None
        drop = set()
        best = (seq, lsc, self.text)
        for k in range(len(loop.stmts)):
            if self.budget <= 0 or len(drop) == len(loop.stmts) - 1:
                break
            ok, s, l = self.attempt(loop, drop | {k}, cfg, kind)
            if ok:
                drop.add(k)
                best = (s, l, self.text)
        if kind not in ("not rewritten", "does not compile", "rewriter crash"):
            changed = True
            while changed and self.budget > 0:
                changed = False
                for c in self.simpler_configs(cfg):
                    if self.budget <= 0:
                        break
                    ok, s, l = self.attempt(loop, drop, c, kind)
                    if ok:
                        cfg, best, changed = c, (s, l, self.text), True
                        break
        seq, lsc, text = best
        if not self.sanitizer_clean(text, seq):
            return None  # cannot happen (leaving statements out only narrows values): keep the whole program
        os.makedirs(out_dir, exist_ok=True)
        path = os.path.join(out_dir, label + ".c")
        with open(path, "w") as f:
            f.write(self.header(loop, result, cfg, kind, seq, lsc, os.path.basename(path), drop, self.partner))
            f.write(text)
        return path

    @staticmethod
    def header(loop, result, cfg, kind, seq, lsc, name, drop, partner=None):
        diff = [l for l in difflib.unified_diff(seq.splitlines(), lsc.splitlines(), "sequential", "lsc",
                                                lineterm="", n=0) if not l.startswith("@@")][:14]
        base = name[:-2]
        run = H.config_text(cfg) if kind not in ("not rewritten", "does not compile") else ""
        lines = [
            "/* lsc fuzz reproducer (test/fuzz): loop %d of seed %s, classes: %s" % (
                loop.lid, result.seed, " ".join(sorted(loop.features(drop)))),
            "   WRONG (%s): %s" % (kind, result.detail.splitlines()[0][:300] if result.detail else ""),
        ]
        if partner is not None:
            lines.append("   (it shows when loop %d, also in this file, runs after it in the same processes)" % partner.lid)
        if diff:
            lines.append("   What differs (sequential output against lsc's):")
            lines += ["     " + l.replace("*/", "* /") for l in diff]
        lines += [
            "   Reproduce from the lsc source tree, after `make`:",
            "     cc -std=c11 -Wno-unknown-pragmas %s.c -o %s.seq && ./%s.seq > %s.expected" % (base, base, base, base),
            "     build/bin/lsc-rewrite %s.c -o %s.lsc.c" % (base, base),
            "     mpicc -std=c11 -Iinclude %s.lsc.c -o %s build/lib/liblsc.a -fopenmp -lm -ldl" % (base, base),
        ]
        if run:
            lines.append("     %s --oversubscribe ./%s | diff %s.expected -" % (run, base, base))
        lines.append("*/")
        return "\n".join(lines) + "\n"
