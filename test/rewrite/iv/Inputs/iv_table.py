#!/usr/bin/env python3
"""Writes a C program with one marked loop per row of a table: every integer type of an induction variable
(char, short, int, long, long long, size_t and typedefs, signed and unsigned) times loop shapes (< <= > >= !=,
steps +-1, +-3 and a step in a variable, bounds of other types so the comparison converts, bounds that wrap).

The program prints one line per loop (its reduction, a checksum of the array it wrote, the variable's value
after the loop). The test diffs the sequential build's output with lsc's: any difference is a wrong answer.

Which rows are valid C is decided by simulating C's rules here (conversions, promotions, wrap-around of
unsigned and, as gcc and clang define it, of narrow signed types): rows whose loop would overflow a signed
int or wider (undefined), run more than LIMIT times or never end are left out. A mistake in this simulation
shows as a hang or a failed diff, never as a silent pass: the program's own output is what is compared.
"""
import sys

LIMIT = 600  # iterations, and elements of the array the loops write

# (C spelling, bits, signed)
TYPES = [
    ("signed char", 8, True), ("unsigned char", 8, False), ("short", 16, True), ("unsigned short", 16, False),
    ("int", 32, True), ("unsigned", 32, False), ("long", 64, True), ("unsigned long", 64, False),
    ("long long", 64, True), ("unsigned long long", 64, False), ("size_t", 64, False),
    ("word_t", 16, False),  # typedef unsigned short
    ("big_t", 64, True),  # typedef long long
]
INT = (32, True)


def rng(t):
    bits, sg = t
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if sg else (0, (1 << bits) - 1)


def conv(v, t):
    """C's conversion to t: modulo 2^bits (as gcc and clang do for signed targets too)."""
    bits, sg = t
    v &= (1 << bits) - 1
    return v - (1 << bits) if sg and v >> (bits - 1) else v


def promote(t):
    return INT if t[0] < 32 else t


def common(a, b):
    a, b = promote(a), promote(b)
    if a[1] == b[1]:
        return a if a[0] >= b[0] else b
    u, s = (a, b) if not a[1] else (b, a)
    return (u[0], False) if u[0] >= s[0] else s


def literal(v, t):
    """A C constant of value v that converts to t without warnings."""
    if v == -(1 << 63):
        return "INT64_MIN"
    if t[1] or v <= (1 << 63) - 1:
        return "%dLL" % v if abs(v) > 2147483647 else "%d" % v
    return "%duLL" % v


def spell(t):
    names = {(8, True): "signed char", (8, False): "unsigned char", (16, True): "short",
             (16, False): "unsigned short", (32, True): "int", (32, False): "unsigned", (64, True): "long long",
             (64, False): "unsigned long long"}
    return names[t]


def simulate(t, init, bound, btype, cmp, step, stype):
    """The values i takes, or None when the row is not valid C or too long."""
    c = common(t, btype)
    i = conv(init, t)
    b = conv(bound, c)
    values = []
    while True:
        x = conv(i, c)
        holds = {"<": x < b, "<=": x <= b, ">": x > b, ">=": x >= b, "!=": x != b}[cmp]
        if not holds:
            return values
        values.append(i)
        if len(values) > LIMIT:
            return None
        work = common(t, stype)  # i += s computes in the common type, then converts back to T
        total = i + step
        lo, hi = rng(work)
        if work[1] and work[0] >= 32 and not lo <= total <= hi:
            return None  # signed overflow: undefined
        total = conv(total, work)
        if t[1] and t[0] >= 32 and conv(total, t) != total:
            return None
        i = conv(total, t)


def rows_for(t):
    lo, hi = rng(t)
    rows = [
        # (init value, init type, bound value, bound type, cmp, step, step written as)
        (0, INT, 40, INT, "<", 1, "++"),
        (5, INT, 44, INT, "<=", 3, "+= 3"),
        (40, INT, 0, INT, ">", -1, "--"),
        (40, INT, 1, INT, ">=", -3, "-= 3"),
        (1, INT, 40, INT, "!=", 3, "+= 3"),
        (40, INT, 1, INT, "!=", -3, "-= 3"),
        (hi - 45, t, hi - 5, t, "<", 1, "++"),
        (hi - 5, t, hi - 45, t, ">=", -3, "-= 3"),
        (lo + 5, t, lo + 45, t, "<", 3, "+= 3"),
        (lo + 45, t, lo + 5, t, ">", -1, "--"),
        (-3, INT, 5, INT, "<", 1, "++"),  # int lo = -3; unsigned i = lo
        (hi - 40, t, -1, INT, "<", 1, "++"),  # i < int n with n = -1
        (39, INT, 40, INT, "<", -1, "--"),  # for (size_t i = n - 1; i < n; i--)
        (10, INT, 100, INT, "<", -3, "-= 3"),  # unsigned i -= 3, ends by wrapping
        (hi - 5, t, 6, INT, "!=", 1, "++"),  # != across the top of the range
        (0, INT, 10, INT, "!=", 3, "+= 3"),  # != reached after laps (8 bits)
        (hi - 4, t, hi, t, "<", 3, "+= 3"),  # jumps over the last value, lands on a later lap (8 bits)
        (0, INT, 40, INT, "<", 2, "+= st"),
        (40, INT, 0, INT, ">", -4, "+= st"),
        (7, INT, 300, INT, "<", 1, "++"),  # compared as int for narrow types: the bound may exceed the range
    ]
    return rows


def main():
    out = sys.stdout
    out.write("/* Generated by iv_table.py: one marked loop per row, for every integer type. */\n")
    out.write("#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n\n")
    out.write("typedef unsigned short word_t;\ntypedef long long big_t;\n\n")
    out.write("static unsigned long long checksum(const long long *m) {\n  unsigned long long c = 0;\n")
    out.write("  for (int z = 0; z < %d; z++)\n    c = c * 31 + (unsigned long long)m[z];\n  return c;\n}\n\n"
              % LIMIT)
    out.write("int main(void) {\n  long long mark[%d];\n" % LIMIT)
    n = 0
    for name, bits, sg in TYPES:
        t = (bits, sg)
        for row, (init, itype, bound, btype, cmp, step, step_text) in enumerate(rows_for(t)):
            stype = INT
            values = simulate(t, init, bound, btype, cmp, step, stype)
            if values is None:
                continue
            n += 1
            # Array writes: linear walks index from their smallest value; walks that wrap index 8-bit
            # variables by value; others (and symbolic steps, which lsc cannot slice) only reduce.
            lin = all(values[k] == values[0] + k * step for k in range(len(values)))
            index = None
            if step_text != "+= st":
                if lin and values and max(values) - min(values) < LIMIT:
                    off = min(values)
                    index = "i - (%s)%s" % (name, literal(off, t)) if off else "i"
                    if bits < 32 and off:
                        index = "i - %d" % off
                elif bits == 8:
                    index = "i + 128" if sg else "i"
            inside = row % 3 != 0  # every third loop declares i before it: its final value is printed
            decl = "%s i = ini;" % name if inside else "i = ini;"
            out.write("  { /* row %d: %s, %d iterations */\n" % (row, name, len(values)))
            if not inside:
                out.write("    %s i;\n" % name)
            out.write("    %s ini = %s;\n" % (spell(itype), literal(init, itype)))
            literal_bound = row % 2 == 0
            if not literal_bound:
                out.write("    %s bnd = %s;\n" % (spell(btype), literal(bound, btype)))
            bound_text = "bnd" if not literal_bound else "(%s)%s" % (spell(btype), literal(bound, btype))
            if step_text == "+= st":
                out.write("    int st = %d;\n" % step)
            out.write("    long long s = 0;\n    for (int z = 0; z < %d; z++)\n      mark[z] = -1;\n" % LIMIT)
            out.write("#pragma lsc parallel for reduction(+ : s)\n")
            out.write("    for (%s i %s %s; %s) {\n" % (decl, cmp, bound_text, "i" + step_text if step_text in
                                                         ("++", "--") else "i " + step_text))
            out.write("      s += (long long)(i % 1000) * 3 + 1;\n")
            if index:
                out.write("      mark[%s] = (long long)(i %% 1000);\n" % index)
            out.write("    }\n")
            final = ' printf(" i=%lld", (long long)i);' if not inside else ""
            out.write('    printf("%s row %d: s=%%lld sum=%%llu", s, checksum(mark));%s\n    printf("\\n");\n'
                      % (name, row, final))
            out.write("  }\n")
    out.write("  return 0;\n}\n")
    sys.stderr.write("iv_table.py: %d loops\n" % n)


if __name__ == "__main__":
    main()
