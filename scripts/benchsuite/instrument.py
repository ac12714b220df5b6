"""Source-to-source edits of a sample: a loop timer around every `#pragma lsc` loop, and the OpenMP variant.

Every variant of a sample (sequential, OpenMP, lsc) is timed by the same few lines of code around the same
loop, so the times compare the loop alone: not process start-up, mpirun, initialisation or the checksum.
The timer prints `bench-loop K SECONDS` on stderr, K counting the marked loops from 0 in source order (the
hand-written MPI programs of bench/suite print the same line). Line numbers of the original file are kept
with #line, so diagnostics and LSC_STATS still name the sample's own lines.
"""
import re

PRAGMA = re.compile(r"^\s*#\s*pragma\s+lsc\s+parallel\s+for\b.*$")

# timespec_get is C11 itself: no POSIX feature macro needed under -std=c11.
PROLOGUE = """#include <stdio.h>
#include <time.h>
static double lsc_bench_now_(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static void lsc_bench_report_(int loop, double t0) {
  fprintf(stderr, "bench-loop %d %.6f\\n", loop, lsc_bench_now_() - t0);
}
"""


class InstrumentError(Exception):
    pass


def _skip_space(text, i):
    """Index of the next character that is not blank or inside a comment."""
    n = len(text)
    while i < n:
        if text[i].isspace():
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise InstrumentError("unterminated comment")
            i = j + 2
        elif text[i] == "#" and (i == 0 or text[text.rfind("\n", 0, i) + 1:i].strip() == ""):
            j = text.find("\n", i)  # a preprocessor line inside the loop (e.g. #line)
            i = n if j < 0 else j + 1
        else:
            break
    return i


def _skip_literal(text, i):
    quote = text[i]
    i += 1
    while i < len(text) and text[i] != quote:
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _balanced(text, i, open_ch, close_ch):
    """text[i] is open_ch; returns the index after its matching close_ch."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "\"'":
            i = _skip_literal(text, i)
            continue
        if text.startswith("//", i) or text.startswith("/*", i):
            i = _skip_space(text, i)
            continue
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise InstrumentError("unbalanced %s%s" % (open_ch, close_ch))


def _word_at(text, i):
    m = re.compile(r"[A-Za-z_]\w*").match(text, i)
    return m.group(0) if m else ""


def statement_end(text, i):
    """Index just after the C statement starting at or after i (for/while/if/do/blocks/expressions)."""
    i = _skip_space(text, i)
    if text[i] == "{":
        return _balanced(text, i, "{", "}")
    word = _word_at(text, i)
    if word in ("for", "while", "switch", "if"):
        j = _skip_space(text, i + len(word))
        j = statement_end(text, _balanced(text, j, "(", ")"))
        if word == "if":
            k = _skip_space(text, j)
            if _word_at(text, k) == "else":
                j = statement_end(text, k + 4)
        return j
    if word == "do":
        j = _skip_space(text, statement_end(text, i + 2))
        if _word_at(text, j) != "while":
            raise InstrumentError("do without while")
        j = _balanced(text, _skip_space(text, j + 5), "(", ")")
        return text.index(";", j) + 1
    depth = 0
    while i < len(text):  # an expression statement: up to the ';' outside any bracket
        c = text[i]
        if c in "\"'":
            i = _skip_literal(text, i)
            continue
        depth += c in "([{"
        depth -= c in ")]}"
        if c == ";" and depth == 0:
            return i + 1
        i += 1
    raise InstrumentError("statement without ';'")


def marked_loops(text):
    """(pragma start, pragma end, loop end) offsets of every `#pragma lsc parallel for` loop, in order."""
    loops = []
    for m in re.finditer(PRAGMA.pattern, text, re.M):
        loops.append((m.start(), m.end(), statement_end(text, m.end())))
    return loops


def instrument(text, pragma_for=None):
    """The sample with a timer around each marked loop. pragma_for(k, original pragma) gives the pragma line
    to emit for loop k (default: the original, for the sequential and lsc builds)."""
    loops = marked_loops(text)
    if not loops:
        raise InstrumentError("no `#pragma lsc parallel for` loop")
    out, at = [PROLOGUE, "#line 1\n"], 0
    for k, (start, pend, lend) in enumerate(loops):
        line = text.count("\n", 0, start) + 1
        pragma = text[start:pend].strip()
        out.append(text[at:start])
        out.append("{ double lsc_bench_t0_%d = lsc_bench_now_();\n#line %d\n" % (k, line))
        out.append(pragma_for(k, pragma) if pragma_for else pragma)
        out.append(text[pend:lend])
        out.append(" lsc_bench_report_(%d, lsc_bench_t0_%d); }" % (k, k))
        at = lend
    out.append(text[at:])
    return "".join(out)


def openmp_variant(text):
    """The OpenMP build of a sample: each marked loop becomes `omp parallel for schedule(runtime)`, so one
    binary runs static, dynamic and guided through OMP_SCHEDULE."""
    return instrument(text, lambda k, pragma: "#pragma omp parallel for schedule(runtime)")
