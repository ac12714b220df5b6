"""The suite's SVG figures, drawn from plain per-loop rows (Loop, Row) rather than from a live run.

report.py turns a finished run into Loops; replot.py reads them back from a results.md's tables. Both draw
through draw(), so a change to the figures (colours, titles) can be applied to a published page without
rerunning its measurements. Colours come from palette.py: one fixed colour per scheme in every figure.
"""
import os

from . import matrix, palette, svg
from .clusters import CLUSTERS, NATIVE_RANKS

# Said on the face of every chart of emulated-cluster times: they are not times of a real slow cluster.
EMULATED = ("emulated: %d ranks on this machine's %d cores, LSC_SLOWDOWN=%s idles the slow ones; "
            "speedup over the sequential loop on one unslowed core"
            % (CLUSTERS["extreme"].ranks, NATIVE_RANKS, CLUSTERS["extreme"].env()["LSC_SLOWDOWN"]))


def _speedup(seq, t):
    """seq / t; 0 for a time below the table's resolution (printed as 0.000), which has no ratio to draw."""
    return seq / t if t > 0 else 0.0


class Row:
    """One run of one loop: group (native, extreme, moderate), the report's label, variant (omp, hand, lsc),
    the lsc scheme and alpha (None otherwise), the loop time (None: failed), lsc-plan's prediction or None."""

    def __init__(self, group, label, variant, scheme, alpha, time, simulated=None):
        self.group, self.label, self.variant = group, label, variant
        self.scheme, self.alpha, self.time, self.simulated = scheme, alpha, time, simulated


class Loop:
    def __init__(self, lid, seq_time, rows):
        self.lid, self.seq_time, self.rows = lid, seq_time, rows


def short(label):
    return (label.replace("hand-written static MPI", "hand MPI").replace("LSC_THREADS=", "T=")
            .replace("OpenMP ", "omp ").replace("lsc GSS, ", "lsc GSS "))


def _extreme_chart(loop, out_dir):
    ext = [r for r in loop.rows if r.group == "extreme" and r.variant == "lsc" and r.time is not None]
    schemes = [sc for sc in matrix.ALL_SCHEMES + matrix.DSTAR + matrix.TECHNIQUES
               if any(r.scheme == sc for r in ext)]
    alphas = sorted({r.alpha for r in ext})
    if not ext or loop.seq_time is None:
        return None
    values = [[next((r.time for r in ext if r.scheme == sc and r.alpha == a), None) for a in alphas]
              for sc in schemes]
    name = "%s-extreme.svg" % loop.lid
    ideal = loop.seq_time / CLUSTERS["extreme"].ideal_speedup
    svg.bar_chart(os.path.join(out_dir, name), "%s: emulated extreme cluster, time by alpha" % loop.lid,
                  ["a=%d" % a for a in alphas], [sc.upper() for sc in schemes], values, "loop time (s)",
                  [palette.scheme(sc) for sc in schemes], (ideal, "ideal %.2f s" % ideal),
                  subtitle="emulated: %d ranks on %d cores, LSC_SLOWDOWN=%s"
                  % (CLUSTERS["extreme"].ranks, NATIVE_RANKS, CLUSTERS["extreme"].env()["LSC_SLOWDOWN"]))
    return name


def _native_chart(loop, out_dir):
    nat = [r for r in loop.rows if r.group == "native" and r.time is not None and r.variant != "seq"]
    if not nat or loop.seq_time is None:
        return None
    name = "%s-native.svg" % loop.lid
    svg.bar_chart(os.path.join(out_dir, name), "%s: speedup on the real %d cores" % (loop.lid, NATIVE_RANKS),
                  [short(r.label) for r in nat], ["speedup"], [[_speedup(loop.seq_time, r.time) for r in nat]],
                  "speedup over sequential", None, (float(NATIVE_RANKS), "%d cores" % NATIVE_RANKS),
                  bar_colors=[[palette.of_label(r.label) for r in nat]])
    return name


def _overview(loops, out_dir):
    """[chang-alpha]'s Figures 4.2 and 4.4 for every loop: X against X-75 on the extreme cluster, as speedups."""
    pairs = [(sc, a) for sc in matrix.PLAIN for a in (0, 75)]
    series = [matrix.label(sc, a) for sc, a in pairs]
    cats, values = [], [[] for _ in series]
    for loop in loops:
        if loop.seq_time is None:
            continue
        got = {r.label: _speedup(loop.seq_time, r.time) for r in loop.rows
               if r.group == "extreme" and r.variant == "lsc" and r.time is not None}
        if not any(name in got for name in series):
            continue
        cats.append(loop.lid)
        for i, name in enumerate(series):
            values[i].append(got.get(name))
    if not cats:
        return None
    ideal = CLUSTERS["extreme"].ideal_speedup
    svg.bar_chart(os.path.join(out_dir, "extreme-overview.svg"),
                  "Emulated extreme cluster: plain scheme vs alpha 75, speedup over sequential", cats, series,
                  values, "speedup", [palette.scheme(sc, a) for sc, a in pairs], (ideal, "ideal %.2f" % ideal),
                  subtitle=EMULATED)
    return "extreme-overview.svg"


def _simulator(loops, out_dir):
    groups = ["extreme", "moderate"]
    points = [(r.simulated, r.time, groups.index(r.group),
               "%s %s %s: simulated %.3f s, measured %.3f s" % (loop.lid, r.group, r.label, r.simulated, r.time))
              for loop in loops for r in loop.rows
              if r.simulated is not None and r.time is not None and r.group in groups]
    if not points:
        return None
    svg.scatter(os.path.join(out_dir, "simulator.svg"), "lsc-plan prediction vs measurement (emulated)", points,
                "simulated loop time (s)", "measured loop time (s)", groups,
                [palette.CLUSTERS[g] for g in groups])
    return "simulator.svg"


def draw(loops, out_dir):
    """Every figure; returns {loop id, "overview", "simulator": [file names]} for the figures drawn."""
    figs = {}
    for loop in loops:
        for name in (_extreme_chart(loop, out_dir), _native_chart(loop, out_dir)):
            if name:
                figs.setdefault(loop.lid, []).append(name)
    if _overview(loops, out_dir):
        figs["overview"] = ["extreme-overview.svg"]
    if _simulator(loops, out_dir):
        figs["simulator"] = ["simulator.svg"]
    return figs
