"""Builds every program variant of a sample into <build>/bench-suite/<mode>/ (the harness's own folder).

Variants, all from the same source and flags, with the same loop timer (instrument.py):
  plain  the sample as is (cc): the reference output every run is compared with
  seq    the timed sample (cc): the sequential loop time
  lsc    the timed sample through lsc-rewrite, mpicc, liblsc
  omp    the timed sample with `omp parallel for schedule(runtime)` (cc -fopenmp)
  hand   the hand-written static-block MPI baseline of bench/suite/ (mpicc), for matmul and mandelbrot
"""
import concurrent.futures
import os
import subprocess

from . import instrument

# -ffp-contract=off: every variant must round exactly like the sequential build, or outputs would differ
# for reasons that are not lsc's. -falign-functions=64 -falign-loops=64: every variant lays its hot loops out
# alike, so a comparison measures the parallelisation, not where the linker happened to put a loop. Without
# them the -fopenmp build of samples/workload.c ran the very same instructions (valgrind: 1.070e9 against
# 1.076e9) in 16% more CPU time than the sequential build on one thread (medians of 8 runs: 1.073 s against
# 0.928 s); aligned, 0.870 s against 0.882 s: a handicap of the OpenMP rows that was not OpenMP's.
COMMON = ["-std=c11", "-O2", "-ffp-contract=off", "-falign-functions=64", "-falign-loops=64", "-Wall", "-Werror"]


class BuildError(Exception):
    pass


def _run(cmd):
    r = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        raise BuildError("build failed: %s\n%s" % (" ".join(cmd), r.stdout.decode(errors="replace")))


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


class Builder:
    def __init__(self, root, build, folder, cc="cc", mpicc="mpicc"):
        self.root, self.build, self.folder = root, build, folder
        self.cc, self.mpicc = cc, mpicc
        self.rewrite = os.path.join(build, "bin", "lsc-rewrite")
        self.lib = os.path.join(build, "lib")
        os.makedirs(folder, exist_ok=True)

    def _path(self, sample, what):
        return os.path.join(self.folder, "%s.%s" % (sample.name, what))

    def jobs(self, sample, size):
        """(name, function) pairs building each variant; returns the executables' paths by variant."""
        defines = ["-D%s=%s" % kv for kv in sorted(size.items())]
        with open(sample.source(self.root)) as f:
            text = f.read()
        timed, omp = self._path(sample, "timed.c"), self._path(sample, "omp.c")
        _write(timed, instrument.instrument(text))
        _write(omp, instrument.openmp_variant(text))
        out = {v: self._path(sample, v) for v in ("plain", "seq", "lsc", "omp")}
        seq_flags = COMMON + ["-Wno-unknown-pragmas"] + defines
        # -lm last, as every variant links: a sample may call <math.h> (nbody's sqrt).
        steps = {
            "plain": lambda: _run([self.cc] + seq_flags + [sample.source(self.root), "-o", out["plain"], "-lm"]),
            "seq": lambda: _run([self.cc] + seq_flags + [timed, "-o", out["seq"], "-lm"]),
            "omp": lambda: _run([self.cc] + COMMON + defines + ["-fopenmp", omp, "-o", out["omp"], "-lm"]),
            "lsc": lambda: self._lsc(timed, defines, out["lsc"]),
        }
        if sample.hand:
            out["hand"] = self._path(sample, "hand")
            suite = os.path.join(self.root, "bench", "suite")
            steps["hand"] = lambda: _run([self.mpicc] + COMMON + ["-Wextra"] + defines + [
                os.path.join(suite, sample.hand), os.path.join(suite, "emulate.c"), "-o", out["hand"]])
        return out, steps

    def _lsc(self, timed, defines, exe):
        rewritten = exe + ".c"
        _run([self.rewrite, timed, "-o", rewritten, "--", "-std=c11"] + defines)
        _run([self.mpicc] + COMMON + defines + ["-I" + os.path.join(self.root, "include"), rewritten, "-o", exe,
                                                "-L" + self.lib, "-llsc", "-fopenmp", "-lm", "-ldl"])

    def build_all(self, samples_sizes, jobs=2):
        """{sample name: {variant: exe}}; every step of every sample, `jobs` at a time."""
        exes, steps = {}, []
        for sample, size in samples_sizes:
            out, todo = self.jobs(sample, size)
            exes[sample.name] = out
            steps.extend(todo.values())
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for fut in [pool.submit(step) for step in steps]:
                fut.result()
        return exes
