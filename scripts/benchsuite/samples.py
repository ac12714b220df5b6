"""The samples the suite runs, their problem sizes per mode, and the cost model the simulator gets per loop.

Sizes: `quick` keeps the samples' own defaults (about 0.1 s per loop here); `default` and `full` scale each
loop to 0.2-0.6 s on one core of the 2-core development machine, long enough that scheduling, not start-up,
decides the time, short enough for the 15-minute budget; `tiny` is the smoke test's. Matmul avoids
N = 1024: a power-of-two row length makes the column walk over b thrash the cache (5x slower per flop
here), which would measure the cache, not the schedule.

Cost models for `lsc-plan --workload`: the analytic ones where the loop's cost per iteration is known
exactly (uniform matmul rows; the workload loops do i + 1, N - i and random_units(i) units of work), and a
measured profile (one pss run, one iteration per chunk, traced) for sparse matmul and Mandelbrot.
"""


class Sample:
    def __init__(self, name, loops, models, sizes, hand=None):
        self.name, self.loops, self.models, self.sizes, self.hand = name, loops, models, sizes, hand

    def source(self, root):
        return "%s/samples/%s.c" % (root, self.name)


def workload_random_units(iterations):
    """samples/workload.c's random_units(i) for every i: the exact work of each iteration of the random
    loop (a 32-bit multiplicative hash, as the sample computes it)."""
    units = []
    for i in range(iterations):
        h = (i * 2654435761) & 0xFFFFFFFF
        h ^= h >> 15
        units.append(h % (2 * iterations) + 1)
    return units


SAMPLES = [
    Sample("matmul", ["rows"], ["uniform"],
           {"tiny": {"N": 48}, "quick": {"N": 640}, "default": {"N": 896}, "full": {"N": 896}},
           hand="matmul_static.c"),
    Sample("sparse_matmul", ["rows"], ["profile"],
           {"tiny": {"N": 48}, "quick": {"N": 512}, "default": {"N": 768}, "full": {"N": 768}}),
    Sample("mandelbrot", ["rows"], ["profile"],
           {"tiny": {"WIDTH": 64, "HEIGHT": 48, "MAX_ITER": 64}, "quick": {},
            "default": {"WIDTH": 1024, "HEIGHT": 768, "MAX_ITER": 768},
            "full": {"WIDTH": 1024, "HEIGHT": 768, "MAX_ITER": 768}},
           hand="mandelbrot_static.c"),
    # [chang-alpha] section 3.3.2: I = 360 as in the thesis; msize 20 instead of 50 to fit the time budget.
    Sample("workload", ["increasing", "decreasing", "random"],
           ["increasing(1,1)", "decreasing(1,1)", "random-units"],
           {"tiny": {"ITERATIONS": 24, "MSIZE": 4}, "quick": {}, "default": {"MSIZE": 20},
            "full": {"MSIZE": 20}}),
]

# The other samples' loops are pipelines (#pragma lsc pipeline for, lsc_pipeline_for): their schedule is
# DMPS with a synchronization interval, not the schemes compared here; this suite does not cover them yet.
LEFT_OUT = ["heat", "floyd_steinberg", "lcs"]


def by_name(name):
    for s in SAMPLES:
        if s.name == name:
            return s
    raise KeyError(name)


def iterations_define(sample, size):
    """The value of the sample's iteration-count macro at this size (the workload loops' trip count)."""
    defaults = {"workload": ("ITERATIONS", 360)}
    macro, value = defaults.get(sample.name, (None, None))
    return size.get(macro, value) if macro else None
