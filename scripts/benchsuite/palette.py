"""The one colour of every scheme and kind of run, shared by every figure of the suite.

A colour belongs to what a bar shows, not to its position in a chart: GSS is the same orange in the overview,
in every loop's extreme-cluster chart and in the native chart, and no two schemes share a colour (the charts
once took colours by series index from a list of 10, so STATIC and DTSS, the 1st and 11th, were both blue).
The D* schemes take a dark shade of their base scheme's hue, an alpha variant (GSS-75) a light one, so the
families read at a glance and each bar still has its own colour. A scheme without a colour here is an error
(KeyError), not a silent fallback: test/bench/Inputs/check_pieces.py checks every scheme of matrix.py.
"""

SCHEMES = {
    "static": "#4e79a7",  # blue
    "cyclic": "#9c755f",  # brown
    "block_cyclic": "#7f7f7f",  # grey
    "pss": "#b07aa1",  # purple
    "css": "#76b7b2",  # teal
    "gss": "#f28e2b",  # orange
    "fss": "#59a14f",  # green
    "tss": "#e15759",  # red
    "fiss": "#edc948",  # yellow
    "tfss": "#ff9da7",  # pink
    "dcss": "#2a6f6b",  # dark teal
    "dgss": "#9a4f0b",  # dark orange
    "dfss": "#2d6127",  # dark green
    "dtss": "#8f1d21",  # dark red
    # issue 16's techniques: hues the seed schemes do not use
    "mfsc": "#1f77b4",  # strong blue
    "wf": "#17becf",  # cyan
    "awf_b": "#bcbd22",  # olive
    "awf_c": "#8c6d31",  # ochre
    "af": "#e377c2",  # magenta
    "static_steal": "#393b79",  # indigo
    "auto": "#d62728",  # crimson
}

# Runs that are not an lsc scheme: OpenMP (any schedule), the hand-written MPI baseline, hierarchical mode.
OTHERS = {"openmp": "#3b3b3b", "hand": "#000000", "hierarchical": "#5a3f99"}

# The simulator's scatter: one colour per emulated cluster.
CLUSTERS = {"extreme": "#7b3294", "moderate": "#1b7837"}


def _mix(color, with_white):
    """color lightened towards white by the fraction with_white (0: unchanged)."""
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join("%02x" % round(c + (255 - c) * with_white) for c in rgb)


def scheme(name, alpha=0):
    """The colour of scheme `name` (lower case, as matrix.py spells it); lighter with an alpha phase."""
    base = SCHEMES[name]
    return _mix(base, 0.5) if alpha else base


def of_label(label):
    """The colour of a run as the report labels it: "GSS", "GSS-75", "DTSS", "lsc FSS", "OpenMP dynamic",
    "hand-written static MPI", "lsc GSS, LSC_THREADS=2"."""
    if label.startswith("OpenMP"):
        return OTHERS["openmp"]
    if label.startswith("hand"):
        return OTHERS["hand"]
    if "LSC_THREADS" in label:
        return OTHERS["hierarchical"]
    name = label[4:] if label.startswith("lsc ") else label
    name, _, alpha = name.partition("-")
    return scheme(name.lower(), int(alpha) if alpha else 0)
