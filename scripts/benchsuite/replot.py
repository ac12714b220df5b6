"""Reads the per-loop tables of a results page back into figures.Loop rows, to redraw its figures.

`scripts/bench-suite.py --replot docs/results.md --out docs/results` uses it: when only the figures change
(colours, titles), a published page gets them without a new run, from the very numbers its tables print.
A table is recognised by its heading (`## LOOP (SIZE)`, any level) followed by the per-loop header that
report.py writes; anything the reader does not understand is an error, never a silently missing bar.
"""
import re

from . import figures

HEADING = re.compile(r"^#{2,4} (\S+) \(.*\)$")
HEADER = ("| group | run | time (s) | spread | speedup | of ideal | imbalance | chunks | busy / seq "
          "| simulated (s) | vs sim |")
LSC_LABEL = re.compile(r"^(?:lsc )?([A-Z_]+)(?:-(\d+))?$")


class ReplotError(Exception):
    pass


def _number(cell):
    cell = cell.strip()
    return float(cell) if cell and cell not in ("-", "FAILED") else None


def _row(group, label, time, simulated, where):
    """A Row from a table line's cells; the variant and scheme from the label, as report.py labels runs."""
    if label.startswith("OpenMP"):
        return figures.Row(group, label, "omp", None, None, time)
    if label.startswith("hand"):
        return figures.Row(group, label, "hand", None, None, time)
    if "LSC_THREADS" in label:
        return figures.Row(group, label, "lsc", "gss", 0, time)
    m = LSC_LABEL.match(label)
    if not m:
        raise ReplotError("%s: cannot tell the run of '%s'" % (where, label))
    return figures.Row(group, label, "lsc", m.group(1).lower(), int(m.group(2) or 0), time, simulated)


def loops_from_markdown(text, where="results.md"):
    loops, lid = [], None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = HEADING.match(line)
        if m:
            lid = m.group(1)
            continue
        if line.strip() != HEADER or lid is None:
            continue
        seq, rows = None, []
        for j in range(i + 2, len(lines)):
            if not lines[j].startswith("|"):
                break
            cells = [c.strip() for c in lines[j].strip().strip("|").split("|")]
            if len(cells) != 11:
                raise ReplotError("%s:%d: %d cells, expected 11" % (where, j + 1, len(cells)))
            group, label, time = cells[0], cells[1], _number(cells[2])
            if label == "sequential":
                seq = time
                continue
            rows.append(_row(group, label, time, _number(cells[9]), "%s:%d" % (where, j + 1)))
        loops.append(figures.Loop(lid, seq, rows))
        lid = None
    if not loops:
        raise ReplotError("%s: no per-loop table found" % where)
    return loops
