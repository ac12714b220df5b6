#!/usr/bin/env python3
"""Unit checks of the fuzzer's generator (run by test/fuzz/generator.test, or alone: python3 test_gen.py).

Approach: the generator's claims are checked against independent evidence. cexpr's intervals are compared
with brute-force evaluation of C semantics over small ranges; `simulate` is compared with the C loops of
issue 12's table (whose answers gcc gives); a seed must always give the same program; and generated
programs must compile with -Wall -Wextra -Werror and run clean under ASan+UBSan (the harness checks this
for every program too; here it is one fixed program, so a generator change that breaks it shows at once).
"""
import os
import random
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cexpr as C  # noqa: E402
import features as F  # noqa: E402
import gen  # noqa: E402


def c_eval(op, x, y):
    return {"+": x + y, "-": x - y, "*": x * y, "/": C.c_div(x, y) if y else None,
            "%": C.c_mod(x, y) if y else None, "&": x & y, "|": x | y, "^": x ^ y}[op]


class Intervals(unittest.TestCase):
    def test_binop_intervals_contain_every_value(self):
        rng = random.Random(7)
        for _ in range(20000):
            lo = rng.randint(-40, 40)
            hi = lo + rng.randint(0, 50)
            bv = rng.randint(-7, 7)
            op = rng.choice("+-*/%&|^")
            e = C.binop(op, C.var("x", C.INT, lo, hi), C.lit(bv))
            if e is None:
                continue
            for x in range(lo, hi + 1):
                v = c_eval(op, x, bv)
                self.assertTrue(e.lo <= v <= e.hi, (op, lo, hi, bv, e))

    def test_unsigned_wrap_is_refused_unless_allowed(self):
        i = C.var("i", C.UINT, 0, 10)
        self.assertIsNone(C.binop("-", i, C.lit(3)))  # i - 3 wraps for i < 3
        self.assertIsNotNone(C.binop("-", C.binop("+", i, C.lit(3)), C.lit(3)))
        self.assertIsNotNone(C.binop("-", i, C.lit(3), allow_wrap=True))

    def test_signed_overflow_is_refused(self):
        i = C.var("i", C.INT, 0, C.INT.max)
        self.assertIsNone(C.binop("+", i, C.lit(1)))
        self.assertIsNotNone(C.binop("+", C.cast(C.LONG, i), C.lit(1)))

    def test_usual_arithmetic_conversions(self):
        self.assertIs(C.common(C.UINT, C.INT), C.UINT)
        self.assertIs(C.common(C.UINT, C.LONG), C.LONG)
        self.assertIs(C.common(C.ULONG, C.LLONG), C.ULLONG)
        self.assertIs(C.common(C.USHORT, C.SHORT), C.INT)
        self.assertIs(C.common(C.UCHAR, C.UINT), C.UINT)


class Simulate(unittest.TestCase):
    """The rows of issue 12's table, as C runs them."""

    def test_unsigned_from_negative_int(self):
        # int lo = -3; for (unsigned i = lo; i < 5; i++): i starts at 4294967293, so no iteration
        values, _, flags = gen.simulate(C.UINT, -3, C.INT, "<", 5, C.INT, 1, 1, C.INT)
        self.assertEqual(values, [])
        self.assertIn("wrap", flags)

    def test_bound_converted_to_unsigned(self):
        # unsigned i = 4294967000u; i < n with int n = -1: n becomes UINT_MAX, 295 iterations
        values, _, flags = gen.simulate(C.UINT, 4294967000, C.UINT, "<", -1, C.INT, 1, 1, C.INT)
        self.assertEqual(len(values), 295)

    def test_size_t_down_counting(self):
        values, final, flags = gen.simulate(C.SIZE_T, 9, C.INT, "<", 10, C.SIZE_T, -1, 1, C.INT)
        self.assertEqual(values, list(range(9, -1, -1)))
        self.assertEqual(final, C.SIZE_T.max)

    def test_unsigned_char_not_equal_wraps(self):
        values, _, flags = gen.simulate(C.UCHAR, 250, C.INT, "!=", 4, C.INT, 1, 1, C.INT)
        self.assertEqual(values, [250, 251, 252, 253, 254, 255, 0, 1, 2, 3])

    def test_never_ending_and_overflowing_loops_are_flagged(self):
        self.assertIn("endless", gen.simulate(C.UCHAR, 0, C.INT, "<", 300, C.INT, 1, 1, C.INT)[2])
        self.assertIn("ub", gen.simulate(C.INT, C.INT.max - 2, C.INT, "<=", C.INT.max, C.INT, 1, 1, C.INT)[2])


class Programs(unittest.TestCase):
    def test_a_seed_gives_the_same_program(self):
        a = gen.generate("same", 3, 12, F.ALL).render()[0]
        b = gen.generate("same", 3, 12, F.ALL).render()[0]
        self.assertEqual(a, b)
        self.assertNotEqual(a, gen.generate("other", 3, 12, F.ALL).render()[0])

    def test_dropping_pragmas_keeps_line_numbers(self):
        prog = gen.generate("lines", 0, 10, F.ALL)
        text, where = prog.render()
        text2, where2 = prog.render(marked=set())
        self.assertEqual(where, where2)
        self.assertEqual(len(text.splitlines()), len(text2.splitlines()))
        self.assertNotIn("lsc parallel for", text2)

    def test_every_class_is_used(self):
        seen = set()
        for k in range(6):
            for loop in gen.generate("classes", k, 40, F.ALL).loops:
                seen |= loop.features()
        self.assertEqual(seen, set(F.ALL))

    def test_programs_compile_without_warnings_and_run_clean(self):
        with tempfile.TemporaryDirectory() as d:
            text, _ = gen.generate("unit", 0, 30, F.ALL).render()
            src = os.path.join(d, "prog.c")
            with open(src, "w") as f:
                f.write(text)
            for cmd in (["cc", "-std=c11", "-O1", "-Wall", "-Wextra", "-Wno-unknown-pragmas", "-Werror", src,
                         "-o", os.path.join(d, "seq")],
                        ["gcc", "-std=c11", "-O1", "-Wno-unknown-pragmas", "-fsanitize=address,undefined",
                         "-fno-sanitize-recover=all", src, "-o", os.path.join(d, "asan")]):
                r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                self.assertEqual(r.returncode, 0, r.stdout.decode())
            seq = subprocess.run([os.path.join(d, "seq")], stdout=subprocess.PIPE).stdout
            env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
            r = subprocess.run([os.path.join(d, "asan")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
            self.assertEqual(r.returncode, 0, r.stderr.decode()[-2000:])
            self.assertEqual(r.stdout, seq)
            self.assertEqual(len(seq.decode().splitlines()), 30)


if __name__ == "__main__":
    unittest.main()
