"""Writes the results folder: results.md (tables) and the SVG figures it links, from a finished suite run.

Every number in a table is a time measured in this run or a ratio of two such times: speedup = the
sequential loop's median time / the run's median time; "of ideal" = speedup / the emulated cluster's ideal
speedup (the sum of its workers' speeds); "vs sim" = measured / predicted by lsc-plan.
"""
import os
import platform
import statistics

from . import figures, matrix
from .clusters import CLUSTERS

# [chang-alpha] Tables 4.2 and 4.4: less execution time of X-75 than plain X on the extreme cluster, percent.
SEED_REDUCTION = {
    "matmul": {"gss": 26.8, "fss": 39.6, "tss": 23.5},
    "workload-increasing": {"gss": 59.4, "fss": 48.6, "tss": 30.1},
    "workload-decreasing": {"gss": 29.9, "fss": 61.1, "tss": 54.2},
}


def loop_id(sample, k):
    return sample.name if len(sample.loops) == 1 else "%s-%s" % (sample.name, sample.loops[k])


def _cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _f(v, fmt="%.3f"):
    return "-" if v is None else fmt % v


def _rows(s, k):
    """(config, result, prediction) of one loop, in configuration order."""
    for i, (cfg, res) in enumerate(zip(s.configs, s.results)):
        pred = s.predictions.get(i)
        yield cfg, res, pred[k] if pred else None


def _speedup(s, k, res):
    if res.error or s.seq.error:
        return None
    return s.seq.times[k] / res.times[k]


def alpha_summary(runs):
    """Rows of the seed's question: plain X against X-75 and the best X-a on the extreme cluster."""
    rows = []
    for s in runs:
        for k in range(len(s.sample.loops)):
            times = {}
            for cfg, res, _ in _rows(s, k):
                if cfg.group == "extreme" and cfg.variant == "lsc" and not res.error:
                    times[(cfg.scheme, cfg.alpha)] = res.times[k]
            for scheme in matrix.PLAIN:
                plain = times.get((scheme, 0))
                if plain is None:
                    continue
                a75 = times.get((scheme, 75))
                alphas = [(t, a) for (sc, a), t in times.items() if sc == scheme and 60 <= a <= 90]
                best = min(alphas) if alphas else None
                seed = SEED_REDUCTION.get(loop_id(s.sample, k), {}).get(scheme)
                rows.append((loop_id(s.sample, k), scheme.upper(), plain, a75,
                             None if a75 is None else 100 * (plain - a75) / plain,
                             best, None if best is None else 100 * (plain - best[0]) / plain, seed))
    return rows


def _summary_table(runs):
    out = ["| loop | scheme | alpha 0 (s) | alpha 75 (s) | less time at 75 | best alpha 60..90 "
           "| less time at best | [chang-alpha] at 75 |", "|---|---|---|---|---|---|---|---|"]
    for loop, scheme, plain, a75, red75, best, redbest, seed in alpha_summary(runs):
        out.append("| %s | %s | %.3f | %s | %s | %s | %s | %s |" % (
            loop, scheme, plain, _f(a75), _f(red75, "%+.1f%%"),
            "-" if best is None else "%d (%.3f s)" % (best[1], best[0]), _f(redbest, "%+.1f%%"),
            _f(seed, "%.1f%%")))
    return out


def _best_table(runs):
    out = ["| loop | group | fastest run | time (s) | speedup | of ideal |", "|---|---|---|---|---|---|"]
    for s in runs:
        for k in range(len(s.sample.loops)):
            for group in ("native", "extreme", "moderate"):
                cands = [(res.times[k], cfg) for cfg, res, _ in _rows(s, k)
                         if cfg.group == group and not res.error]
                if not cands:
                    continue
                t, cfg = min(cands, key=lambda c: c[0])
                sp = s.seq.times[k] / t if not s.seq.error else None
                ideal = CLUSTERS[group].ideal_speedup if group in CLUSTERS else None
                out.append("| %s | %s | %s | %.3f | %s | %s |" % (
                    loop_id(s.sample, k), group, cfg.label, t, _f(sp, "%.2f"),
                    _f(sp / ideal * 100 if sp and ideal else None, "%.0f%%")))
    return out


def _loop_table(s, k):
    out = ["| group | run | time (s) | spread | speedup | of ideal | imbalance | chunks | busy / seq "
           "| simulated (s) | vs sim |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    seq = s.seq
    out.append("| native | sequential | %s | %s | 1.00 | | | | | | |" % (
        "FAILED" if seq.error else "%.3f" % seq.times[k], _spread(seq, k)))
    for cfg, res, pred in _rows(s, k):
        if res.error:
            out.append("| %s | %s | FAILED | | | | | | | | |" % (cfg.group, cfg.label))
            continue
        sp = _speedup(s, k, res)
        ideal = cfg.cluster.ideal_speedup if cfg.cluster else None
        busy = res.busy[k] / seq.times[k] if res.busy[k] is not None and not seq.error else None
        out.append("| %s | %s | %.3f | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            cfg.group, cfg.label, res.times[k], _spread(res, k), _f(sp, "%.2f"),
            _f(sp / ideal * 100 if sp and ideal else None, "%.0f%%"), _f(res.imbalance[k], "%.1f%%"),
            _f(res.chunks[k], "%d"), _f(busy, "%.2f"), _f(pred[0] if pred else None),
            _f(res.times[k] / pred[0] if pred and pred[0] else None, "%.2f")))
    return out


def _spread(res, k):
    """(max - min) / median of the repeats, the noise a reader should allow for."""
    if res.error or len(res.all_times) < 2:
        return ""
    ts = [t[k] for t in res.all_times]
    return "%.0f%%" % (100 * (max(ts) - min(ts)) / statistics.median(ts))


def _figures(runs, out_dir):
    loops = []
    for s in runs:
        for k in range(len(s.sample.loops)):
            rows = [figures.Row(cfg.group, cfg.label, cfg.variant, cfg.scheme, cfg.alpha,
                                None if res.error else res.times[k], pred[0] if pred else None)
                    for cfg, res, pred in _rows(s, k)]
            loops.append(figures.Loop(loop_id(s.sample, k), None if s.seq.error else s.seq.times[k], rows))
    return figures.draw(loops, out_dir)


def write(runs, failures, out_dir, mode_name, command, elapsed, load_before, load_after):
    os.makedirs(out_dir, exist_ok=True)
    figs = _figures(runs, out_dir)
    mode = matrix.MODES[mode_name]
    md = ["# lsc benchmark suite: results (%s mode)" % mode_name, "",
          "Command: `%s`  " % command,
          "Machine: %s, %d cores; load average %s before, %s after; %.0f s in all." % (
              _cpu_model(), os.cpu_count() or 0, load_before, load_after, elapsed), "",
          "Every time is the marked loop alone (the same timer code around it in every variant), the median of "
          "%d run(s) (sequential: %d); spread = (max - min) / median of those runs. Speedup = sequential loop "
          "time / time, both from this run; of ideal = speedup / the cluster's ideal speedup; vs sim = "
          "measured / lsc-plan's prediction; busy / seq = the compute seconds of all ranks added up / the "
          "sequential time (1.00: every rank computed as fast as the sequential run; above: ranks shared a "
          "core, and an emulated slow rank idles that much longer too)."
          % (mode["repeats"], mode["seq_repeats"]), ""]
    if failures:
        md += ["## FAILURES", ""] + ["- " + f.replace("\n", " ") for f in failures] + [""]
    md += ["## Emulated clusters", "",
           "| cluster | ranks | LSC_SLOWDOWN | LSC_WEIGHTS (MHz) | ideal speedup |", "|---|---|---|---|---|"]
    for c in CLUSTERS.values():
        md.append("| %s | %d | %s | %s | %.2f |" % (c.title, c.ranks, c.env()["LSC_SLOWDOWN"],
                                                    c.env()["LSC_WEIGHTS"], c.ideal_speedup))
    md += ["", "## Alpha-based scheduling against plain GSS/FSS/TSS, extreme cluster", ""]
    md += _summary_table(runs)
    if "overview" in figs:
        md += ["", "![extreme-overview](extreme-overview.svg)"]
    md += ["", "## Fastest run per loop and group", ""] + _best_table(runs)
    for s in runs:
        size = ", ".join("%s=%s" % kv for kv in sorted(s.size.items())) or "the sample's defaults"
        for k in range(len(s.sample.loops)):
            lid = loop_id(s.sample, k)
            md += ["", "## %s (%s)" % (lid, size), ""]
            md += ["![%s](%s)" % (f, f) for f in figs.get(lid, [])]
            md += [""] + _loop_table(s, k)
    if "simulator" in figs:
        md += ["", "## Simulator cross-check", "", "![simulator](simulator.svg)"]
    with open(os.path.join(out_dir, "results.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    return os.path.join(out_dir, "results.md")
