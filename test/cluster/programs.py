"""programs.py - the programs check-cluster runs across hosts, each built twice: the plain sequential build
(the reference) and the lsc build (rewritten by lsc-rewrite, linked with the static liblsc.a so remote ranks
need no library path).

The samples come with the flags their own tests use (test/samples/); the rewrite tests' programs are found by
reading their RUN lines: a test whose lsc-rewrite line takes the file alone and whose sequential build takes
only -l/-I flags, and which diffs a plain 3-rank run with the sequential output, is a whole program whose
output must equal the sequential one: what the cluster checks. Only Python's standard library is used.
"""
import concurrent.futures
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEQ_FLAGS = ["-std=c11", "-O2", "-Wall", "-Wno-unknown-pragmas", "-ffp-contract=off"]

# (name, source, flags, pipelined): the flags keep each run short, as in test/samples/.
SAMPLES = [
    ("matmul", "samples/matmul.c", ["-DN=96"], False),
    ("mandelbrot", "samples/mandelbrot.c", ["-DWIDTH=160", "-DHEIGHT=90", "-DMAX_ITER=200"], False),
    ("sparse_matmul", "samples/sparse_matmul.c", ["-DN=80"], False),
    ("workload", "samples/workload.c", ["-DITERATIONS=60", "-DMSIZE=6"], False),
    ("nbody", "samples/nbody.c", ["-DNBODIES=200", "-DSTEPS=2", "-lm"], False),
    ("heat", "samples/heat.c", ["-DSTEPS=6"], True),
    ("lcs", "samples/lcs.c", [], True),
    ("floyd_steinberg", "samples/floyd_steinberg.c", [], True),
]

REWRITE_LINE = re.compile(r"RUN: %lsc-rewrite (--remarks )?%s -o %t\.lsc\.c( 2> \S+)?$")
# The test itself compares a plain 3-rank run with the sequential output (not a mode of its own).
DIFF_LINE = re.compile(r"RUN: (?:env (?:\S+=\S+ )+)?%mpirun -np 3 %t\b(?!\.).*diff %t\.expected")
SEQ_LINE = re.compile(r"RUN: %seq-build %t\.seq %s((?: -(?:l\w+|I%S\S*))*)(?: &&.*)?$")


class Program:
    def __init__(self, name, source, flags, pipelined=False):
        self.name, self.source, self.flags, self.pipelined = name, source, flags, pipelined
        self.seq = self.par = self.expected = None
        self.error = None


def rewrite_programs():
    """The whole programs among test/rewrite/*.c, sorted by name."""
    found = []
    folder = os.path.join(ROOT, "test", "rewrite")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".c"):
            continue
        path = os.path.join(folder, name)
        with open(path) as f:
            lines = [l.strip().lstrip("/").strip() for l in f if "RUN:" in l]
        if not any(REWRITE_LINE.search(l) for l in lines) or not any(DIFF_LINE.search(l) for l in lines):
            continue
        seq = [SEQ_LINE.search(l) for l in lines]
        seq = [m for m in seq if m]
        if len(seq) != 1:
            continue
        flags = seq[0].group(1).replace("%S", folder).split()
        found.append(Program("rewrite/" + name[:-2], path, flags))
    return found


def samples():
    return [Program(n, os.path.join(ROOT, s), f, p) for n, s, f, p in SAMPLES]


def _run(cmd, **kw):
    r = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kw)
    if r.returncode:
        raise RuntimeError("%s: exit %d\n%s" % (" ".join(cmd), r.returncode, r.stdout.decode(errors="replace")))
    return r.stdout.decode(errors="replace")


def build_one(prog, build, out):
    base = os.path.join(out, prog.name.replace("/", "_"))
    defines = [f for f in prog.flags if f.startswith(("-D", "-I"))]
    libs = [f for f in prog.flags if f.startswith("-l")]
    try:
        _run([os.path.join(build, "bin", "lsc-rewrite"), prog.source, "-o", base + ".lsc.c", "--"] + defines)
        _run(["cc"] + SEQ_FLAGS + [prog.source, "-o", base + ".seq"] + prog.flags + ["-lm"])
        _run(["mpicc"] + SEQ_FLAGS + ["-I" + os.path.join(ROOT, "include"), base + ".lsc.c", "-o", base + ".par"]
             + defines + [os.path.join(build, "lib", "liblsc.a"), "-fopenmp", "-lm", "-ldl"])
        prog.seq, prog.par = base + ".seq", base + ".par"
        prog.expected = _run([prog.seq])
    except RuntimeError as e:
        prog.error = str(e)
    return prog


def build_all(progs, build, out, jobs=2):
    """Builds every program (jobs at a time); a program that fails to build keeps its error in .error."""
    os.makedirs(out, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda p: build_one(p, build, out), progs))
