"""The bench-suite harness's pieces, without MPI: loop finding and timing edits, LSC_STATS parsing, the
output check that fails a wrong run, the cluster mapping, the SVG writer. Usage: check_pieces.py SRC TMPDIR.
Prints `PASS: name` or `FAIL: name: why` per check."""
import os
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(sys.argv[1], "scripts"))
from benchsuite import clusters, figures, instrument, matrix, palette, parse, runner, svg  # noqa: E402

TMP = sys.argv[2]
failed = 0


def check(name, cond, why=""):
    global failed
    print("PASS: %s" % name if cond else "FAIL: %s: %s" % (name, why))
    failed += not cond


# Loop extents: braces inside strings and comments, if/else, do/while, a body without braces.
SRC = """int main(void) {
  int s = 0;
#pragma lsc parallel for schedule(gss)
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      if (i > j) { s += i; /* } */ } else { const char *t = "}"; s += t[0]; }
  puts("after");
#pragma lsc parallel for
  for (int i = 0; i < 4; i++) do { s++; } while (s < 0);
  return s;
}
"""
loops = instrument.marked_loops(SRC)
check("two loops found", len(loops) == 2, loops)
check("first loop ends at its else block", SRC[:loops[0][2]].endswith('s += t[0]; }'), SRC[:loops[0][2]])
check("do-while loop ends at its ';'", SRC[:loops[1][2]].endswith("while (s < 0);"), SRC[:loops[1][2]])
timed = instrument.instrument(SRC)
check("timers around both loops", "lsc_bench_report_(0, lsc_bench_t0_0); }" in timed and
      "lsc_bench_report_(1, lsc_bench_t0_1); }" in timed, timed)
check("pragma keeps its line", "#line 3\n#pragma lsc parallel for schedule(gss)" in timed, timed)
omp = instrument.openmp_variant(SRC)
check("OpenMP variant",
      omp.count("#pragma omp parallel for schedule(runtime)") == 2 and "pragma lsc" not in omp)
try:
    instrument.instrument("int main(void) { return 0; }\n")
    check("no marked loop is an error", False, "no exception")
except instrument.InstrumentError:
    check("no marked loop is an error", True)

# LSC_STATS parsing.
STATS = """lsc: loop m.c:20 n=640 ranks=3 schedule=gss alpha=75 threads=1:static master=serves wall=0.412220s
lsc: weights=list (0,1.5e+03,600)
lsc:  rank   chunks   iterations     busy_s     idle_s     wait_s
lsc:     0        0            0   0.000000   0.000000   0.380459
lsc:     1       14          500   0.149109   0.000000   0.005722
lsc:     2        2          140   0.081888   0.122832   0.020810
lsc: imbalance 52.8%
bench-loop 0 0.412870
"""
tables = parse.lsc_stats(STATS)
check("stats table", len(tables) == 1 and tables[0]["chunks"] == 16 and tables[0]["imbalance"] == 52.8 and
      tables[0]["alpha"] == 75 and abs(tables[0]["busy"] - 0.230997) < 1e-9, tables)
check("loop timer", parse.loop_timers(STATS) == [0.41287])
try:
    parse.lsc_stats(STATS.replace("   140 ", "   139 "))
    check("iterations must add up to n", False, "no exception")
except parse.ParseError:
    check("iterations must add up to n", True)

# A run with a wrong output, and one that fails, are failures with the reason.
prog = os.path.join(TMP, "fake.sh")
with open(prog, "w") as f:
    f.write("#!/bin/sh\necho \"checksum $1\"\necho 'bench-loop 0 0.5' >&2\nexit ${2:-0}\n")
os.chmod(prog, 0o755)
env = runner.base_env(TMP)


def fake(*args):
    cfg = runner.Config("fake", "native", "seq", "fake", prog)
    cfg.command = lambda: [prog] + list(args)
    return runner.run(cfg, "checksum 1\n", 1, env)


check("right output passes", fake("1").error is None and fake("1").times == [0.5], fake("1").error)
check("wrong output fails loudly", (fake("2").error or "").startswith("WRONG OUTPUT"), fake("2").error)
check("exit status fails", (fake("1", "3").error or "").startswith("exit status 3"), fake("1", "3").error)

# [chang-alpha] Table 3.3 as slowdown factors: 1.5 GHz : 600 : 233 : 200 MHz, master 300 MHz.
ext = clusters.EXTREME
check("extreme cluster factors", ext.factors == [5.0, 1.0, 2.5, 6.4378, 7.5], ext.factors)
check("extreme cluster env", ext.env() == {"LSC_SLOWDOWN": "5,1,2.5,6.4378,7.5",
                                           "LSC_WEIGHTS": "300,1500,600,233,200"}, ext.env())

# The SVG writer escapes what it is given.
path = os.path.join(TMP, "chart.svg")
svg.bar_chart(path, "a <b> & c", ["x<1", "y"], ["s&1"], [[1.0, None]], "t", ["#123456"], (0.5, "ideal"))
root = ET.parse(path).getroot()
check("svg escapes text", root.tag.endswith("svg") and any(e.text == "a <b> & c" for e in root.iter()))

# One fixed colour per scheme, all distinct (STATIC and DTSS were once the same blue), alpha variants apart
# from their base and from every other scheme, and the labels of every kind of run resolve to one.
schemes = matrix.ALL_SCHEMES + matrix.DSTAR + matrix.TECHNIQUES
colours = [palette.scheme(sc) for sc in schemes] + [palette.scheme(sc, 75) for sc in schemes]
check("palette: every scheme its own colour", len(set(colours)) == len(colours), colours)
labels = [matrix.label(sc, a) for sc in schemes for a in (0, 75)] + [
    "lsc GSS", "OpenMP static", "hand-written static MPI", "lsc GSS, LSC_THREADS=2:dynamic", "STATIC-100"]
check("palette: every run label has a colour", all(palette.of_label(x).startswith("#") for x in labels))
check("palette: STATIC is not DTSS", palette.of_label("STATIC") != palette.of_label("DTSS"))

# Every figure takes its colours from the palette: a chart of every scheme shows each scheme's colour once.
loop = figures.Loop("fake", 1.0, [figures.Row("extreme", matrix.label(sc, 0), "lsc", sc, 0, 0.5)
                                  for sc in schemes])
figures.draw([loop], TMP)
fills = [e.get("fill") for e in ET.parse(os.path.join(TMP, "fake-extreme.svg")).getroot().iter()
         if e.tag.endswith("rect") and e.find("{http://www.w3.org/2000/svg}title") is not None]
check("figures: one bar per scheme in its own colour", fills == [palette.scheme(sc) for sc in schemes], fills)
overview = ET.parse(os.path.join(TMP, "extreme-overview.svg")).getroot() if os.path.exists(
    os.path.join(TMP, "extreme-overview.svg")) else None
check("figures: the overview says its times are emulated", overview is not None and any(
    (e.text or "").startswith("emulated:") for e in overview.iter()))

sys.exit(1 if failed else 0)
