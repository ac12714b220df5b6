"""Which configurations each mode runs.

Groups of runs per sample:
  native    the real 2-core machine, nothing emulated: sequential loop, OpenMP schedule(static|dynamic|
            guided) with 2 threads on one rank, the hand-written static MPI baseline on 2 ranks, lsc on 2
            ranks (the master computes too: it has a core), and hierarchical mode (LSC_THREADS: 2 ranks, the
            master serves, one worker runs 2 OpenMP threads).
  extreme   [chang-alpha] Table 3.3 emulated (clusters.py): every scheme of the mode with alpha 0 and the mode's
            alphas, the D* schemes with the clock list as power, static with alpha 100 (the thesis' "None":
            split by CPU clock only), the hand-written static baseline on the same emulated machines.
  moderate  [chang-alpha] Table 3.4 emulated, the same, with fewer alphas.
  Issue 16's techniques (TECHNIQUES: those of schedule(auto)'s candidates that are not seed schemes, and
  auto itself) run at alpha 0 on both emulated clusters in the default and full modes; auto in quick too.
"""

PLAIN = ["gss", "fss", "tss"]
ALL_SCHEMES = ["static", "cyclic", "block_cyclic", "pss", "css", "gss", "fss", "tss", "fiss", "tfss"]
DSTAR = ["dcss", "dgss", "dfss", "dtss"]
# The techniques of issue 16 that need no parameter the runtime does not measure (runtime/sched/auto.c's
# candidates beyond the seed schemes), and schedule(auto).
TECHNIQUES = ["mfsc", "wf", "awf_b", "awf_c", "af", "static_steal", "auto"]

MODES = {
    # The lit smoke test: one sample, a handful of runs, every kind of run and output present.
    "tiny": {"samples": ["matmul"], "repeats": 1, "seq_repeats": 1,
             "extreme": {"gss": [0, 75], "static": [100]}, "dstar": {"dgss": [0]}, "moderate": {},
             "native_lsc": ["gss"], "hierarchical": ["2"], "omp": ["static"], "hand_groups": ["native"]},
    # Under 2 minutes: the seed's question (GSS/FSS/TSS at alpha 0 vs 75 on the extreme cluster) on every
    # sample at its own default size, and one run of every other kind.
    "quick": {"samples": None, "repeats": 1, "seq_repeats": 2,
              "extreme": {"gss": [0, 75], "fss": [0, 75], "tss": [0, 75], "static": [0, 100], "auto": [0]},
              "dstar": {"dgss": [0], "dtss": [0]}, "moderate": {"gss": [0, 75], "fss": [0, 75]},
              "native_lsc": ["gss"], "hierarchical": ["2"], "omp": ["static", "dynamic", "guided"],
              "hand_groups": ["native", "extreme"]},
    # Under 15 minutes: alpha 0/60/75/90 for the thesis' three schemes, 0/75 for the other self-scheduling
    # schemes, every D* scheme, the moderate cluster at 0/75; two rounds, so each row is a median of 2.
    "default": {"samples": None, "repeats": 2, "seq_repeats": 3,
                "extreme": dict([(s, [0, 60, 75, 90]) for s in PLAIN] + [("static", [0, 100])] +
                                [(s, [0, 75]) for s in ("css", "fiss", "tfss")] + [(s, [0]) for s in TECHNIQUES]),
                "dstar": {s: [0] for s in DSTAR},
                "moderate": dict([(s, [0, 75]) for s in PLAIN] + [("static", [100])] +
                                 [(s, [0]) for s in TECHNIQUES]),
                "native_lsc": ["static", "gss", "fss", "tss"], "hierarchical": ["2", "2:dynamic"],
                "omp": ["static", "dynamic", "guided"], "hand_groups": ["native", "extreme", "moderate"]},
    # Everything: every scheme with alpha 0 and 60..90 in steps of 5 on both emulated clusters.
    "full": {"samples": None, "repeats": 1, "seq_repeats": 3,
             "extreme": dict([(s, [0, 60, 65, 70, 75, 80, 85, 90] + ([100] if s == "static" else []))
                              for s in ALL_SCHEMES] + [(s, [0]) for s in TECHNIQUES]),
             "dstar": {s: [0, 75] for s in DSTAR},
             "moderate": dict([(s, [0, 60, 65, 70, 75, 80, 85, 90] + ([100] if s == "static" else []))
                               for s in ALL_SCHEMES] + [(s, [0]) for s in TECHNIQUES]),
             "native_lsc": ALL_SCHEMES + DSTAR, "hierarchical": ["2", "2:static", "2:dynamic", "2:guided"],
             "omp": ["static", "dynamic", "guided"], "hand_groups": ["native", "extreme", "moderate"]},
}


def label(scheme, alpha):
    """The thesis' naming: "GSS-80" for gss with alpha 80, "GSS" for alpha 0."""
    return scheme.upper() + ("-%d" % alpha if alpha else "")
