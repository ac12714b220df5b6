"""schedule(auto) against every fixed technique it chooses from (issue 16's target), on the suite's samples
and emulated clusters: [chang-alpha]'s extreme and moderate clusters, and a perturbed one where a worker
becomes four times slower during the loop (time-varying LSC_SLOWDOWN).

Every (sample, cluster) case runs each fixed candidate and auto `repeats` times, round-robin as the suite
does (a slow drift of the machine's load hits all alike), every output checked against the sequential build.
Per case: the median loop time of each technique; the best fixed one; auto's median and what it picked; and
whether auto is within 5% of the best (or within the best's spread: max - min over its repeats, when that is
larger), more than 15% behind it, and how it compares with the default (gss). Times are per sample: the sum
of its loops' timers.
"""
import statistics

from . import runner
from .clusters import CLUSTERS, Cluster

# The candidates of runtime/sched/auto.c, in its order; gss is the runtime's default.
CANDIDATES = ["gss", "fss", "tss", "static", "tfss", "fiss", "mfsc", "wf", "awf_b", "awf_c", "af", "static_steal"]
DEFAULT = "gss"


class Perturbed(Cluster):
    """The moderate cluster whose first worker becomes `factor` times slower than it was `at` seconds after
    the program started (the clock of LSC_SLOWDOWN's steps): mid-loop for the samples at their quick size."""

    def __init__(self, base, at, factor=4.0):
        Cluster.__init__(self, "perturbed", "perturbed (%s, rank 1 %gx slower from %g s)" % (base.name, factor, at),
                         base.master_mhz, base.slave_mhz, base.scale, base.note)
        self.at, self.factor = at, factor

    def env(self):
        env = Cluster.env(self)
        f = self.factors
        env["LSC_SLOWDOWN"] = ",".join(["%g" % f[0], "%g:%g@%g" % (f[1], f[1] * self.factor, self.at)] +
                                       ["%g" % x for x in f[2:]])
        return env


def clusters(perturb_at):
    return [CLUSTERS["extreme"], CLUSTERS["moderate"], Perturbed(CLUSTERS["moderate"], perturb_at)]


def configs(sample, exe, cluster):
    out = []
    for scheme in CANDIDATES + ["auto"]:
        env = {"LSC_SCHEDULE": scheme, "LSC_ALPHA": "0", "LSC_STATS": "each"}
        env.update(cluster.env())
        out.append(runner.Config(sample.name, cluster.name, "lsc", scheme, exe, cluster.ranks, env, scheme, 0,
                                 cluster))
    return out


def picks(result):
    """What auto ran, per loop, from its LSC_STATS tables (schedule=auto:<pick>)."""
    return [t["schedule"].split(":", 1)[1] if ":" in t["schedule"] else t["schedule"] for t in result.stats]


def summarize(case, results):
    """One row: results maps a technique to its repeats (runner.Result, each with per-loop times)."""
    totals = {k: [sum(r.times) for r in rs] for k, rs in results.items()}
    med = {k: statistics.median(v) for k, v in totals.items()}
    fixed = [k for k in CANDIDATES if k in med]
    best = min(fixed, key=lambda k: med[k])
    spread = max(totals[best]) - min(totals[best])
    tolerance = max(0.05 * med[best], spread)
    auto = med["auto"]
    return {
        "case": case, "best": best, "best_s": med[best], "auto_s": auto, "default_s": med[DEFAULT],
        "behind": 100.0 * (auto - med[best]) / med[best], "tolerance": 100.0 * tolerance / med[best],
        "within": auto - med[best] <= tolerance, "far": auto > 1.15 * med[best],
        "picks": sorted({p for r in results["auto"] for p in picks(r)}), "medians": med,
    }


def table(rows, repeats, load_before, load_after):
    lines = ["| case | best fixed | its median s | auto median s | auto picked | auto behind best | "
             "within 5% or spread | default (gss) s |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %s | %s | %.3f | %.3f | %s | %+.1f%% | %s | %.3f |" % (
            r["case"], r["best"], r["best_s"], r["auto_s"], ", ".join(r["picks"]), r["behind"],
            "yes" if r["within"] else "no (tolerance %.1f%%)" % r["tolerance"], r["default_s"]))
    within = sum(r["within"] for r in rows)
    far = sum(r["far"] for r in rows)
    auto_total, default_total = sum(r["auto_s"] for r in rows), sum(r["default_s"] for r in rows)
    lines += ["",
              "auto within 5%% (or the spread) of the best fixed technique: %d of %d cases (%.0f%%); more than "
              "15%% behind: %d; total over the cases: auto %.3f s, default gss %.3f s (%+.1f%%)."
              % (within, len(rows), 100.0 * within / max(len(rows), 1), far, auto_total, default_total,
                 100.0 * (auto_total - default_total) / default_total if default_total else 0.0),
              "Medians of %d runs; load average %s before, %s after (the machine is shared: other engineers' "
              "builds and tests ran meanwhile)." % (repeats, load_before, load_after)]
    return "\n".join(lines)


def medians_table(rows):
    names = CANDIDATES + ["auto"]
    lines = ["| case | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for r in rows:
        lines.append("| %s | %s |" % (r["case"], " | ".join("%.3f" % r["medians"][k] for k in names)))
    return "\n".join(lines)
