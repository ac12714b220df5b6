"""Random C programs with `#pragma lsc parallel for` loops, free of undefined behaviour by construction.

Approach: a program is many independent loops. Each loop lives in its own region of the file (its macros,
globals and helper functions, then `static void fz_loopN(void)`), owns its arrays and scalars, initialises
them, runs the marked loop and prints one line `loop N <hash>`: an FNV-1a hash of every array element,
reduction, global and (when declared outside) the induction variable. main() runs the loops from argv[1]
on, so a run that stops at loop k is resumed at k + 1 without a rebuild.

A loop is built in three steps:
  1. the induction variable: a type, start, condition, bound and step whose exact sequence of values is
     computed here by simulating C's conversions (`simulate`); shapes with signed overflow or
     implementation-defined conversions are rejected, wrap-around is allowed only in the `wrap` class;
  2. the body: statements over arrays, scalars, calls and macros, each expression built with cexpr's
     constructors, which carry exact value intervals and refuse undefined operations. Subscripts are
     placed so their minimum is in bounds, and every access records the extent it needs;
  3. rendering: the arrays get their extents (the largest index any access needs, plus slack) and the
     region is printed. A loop renders with or without its pragma, keeping line numbers, so the harness
     can drop refused loops' pragmas and rewrite again; and tersely (one hash) or verbosely (every
     element) for reproducers.

Writes are parallel by construction (subscripts c*i + d with c != 0, several writes of one array in
distinct residues mod c, reads of a written array only at its write subscripts), except in the `deps`
class, which builds loop-carried dependences on purpose. Everything is drawn from random.Random(seed), so
a seed gives the same program on every machine.
"""
import random
import re

import cexpr as C
from cexpr import INT, LONG, UINT, ULONG, DOUBLE

HASH_INIT = "14695981039346656037UL"

SCHEDULES = ["static", "cyclic", "block_cyclic(3)", "pss", "css(3)", "gss", "gss(2)", "fss", "tss", "fiss",
             "tfss", "dgss", "dfss", "dtss",
             "fac", "wf", "tap", "viss", "pls", "rnd", "static_steal", "awf_b", "awf_c", "af", "bold", "dynamic, 2"]
CMP = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
       ">=": lambda a, b: a >= b, "!=": lambda a, b: a != b}
MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!="}

# Element types of data arrays, with the init pattern's value range (off, modulus).
ELEM_TYPES = [(INT, -50, 101), (INT, 0, 1000), (LONG, -500, 1001), (C.SHORT, -100, 201), (C.SCHAR, -60, 121),
              (C.UCHAR, 0, 256), (C.USHORT, 0, 1000), (UINT, 0, 5000), (ULONG, 0, 7919), (C.LLONG, -9, 19),
              (C.INT64, -300, 601), (C.UINT32, 0, 77)]


class Reject(Exception):
    """A shape that turned out invalid; the caller tries another."""


def simulate(t, init_val, init_t, op, bound_val, bound_t, step_sign, step_val, step_t, cap=400):
    """Runs `for (t i = init; i op bound; i += step_sign*step)` as C does.

    Returns (values of i in each iteration, final value of i, flags) with flags from: 'ub' (signed overflow),
    'impl' (an implementation-defined narrowing), 'wrap' (an unsigned conversion or operation wrapped),
    'endless' (more than cap iterations)."""
    flags = set()

    def conv(v, to):
        r, w = C.convert(v, to)
        if w:
            flags.add("wrap" if not to.signed else "impl")
        return r

    i = conv(init_val, t)
    ct = C.common(t, bound_t)
    b = conv(bound_val, ct)
    values = []
    while True:
        if not CMP[op](conv(i, ct), b):
            break
        values.append(i)
        if len(values) > cap:
            flags.add("endless")
            break
        at = C.common(C.promote(t), step_t)
        a, s = conv(i, at), conv(step_val, at)
        r = a + s if step_sign > 0 else a - s
        if not at.fits(r, r):
            if at.signed:
                flags.add("ub")
                break
            r = conv(r, at)
        i = conv(r, t)
    return values, i, flags


class Arr:
    """An array the loop's function owns: element type, dimensions, storage, init pattern, value interval."""

    def __init__(self, name, et, ndim, storage, off, mod, mul, add):
        self.name, self.et, self.ndim, self.storage = name, et, ndim, storage
        self.off, self.mod, self.mul, self.add = off, mod, mul, add
        self.lo, self.hi = off, off + mod - 1
        self.need = [1] * ndim
        self.slack = 0
        self.dims = None
        self.wcoef = None  # write pattern of dimension 0: coefficient of i, smallest index written ...
        self.wbase = None
        self.wsubs = []  # ... and the subscripts written, (view name, Expr), in distinct residues mod wcoef
        self.closed = False  # written in a way that leaves no room for other writes or reads
        self.stored = False  # written by the loop (a kernel parameter without const)
        self.param_style = "pointer"
        self.has_mut_ptr = False
        self.fixed = False  # dimensions given (const tables), not grown by the accesses
        self.clamp = None  # (lo, hi) every store is folded into (see Builder.clamp_values)
        self.tags = set()  # feature classes an access to it uses (globals, vla, fpreduction)
        # Declarations of pointers derived into it (Builder.derive): (Item, its text with %(et)s for the element
        # type), rewritten when clamp_values changes the element type, so a pointer keeps the array's type.
        self.derived = []

    def retype(self, et):
        """A new element type: the pointers derived into the array follow it."""
        self.et = et
        for item, template in self.derived:
            item.lines = [template % {"et": et.name}]

    def touch(self, dim, hi):
        self.need[dim] = max(self.need[dim], hi + 1)

    def widen(self, lo, hi):
        self.lo, self.hi = min(self.lo, lo), max(self.hi, hi)


class View:
    """A name through which the loop reaches an array: the array itself, or a pointer at element `off`."""

    def __init__(self, name, arr, off=0, const=False, tags=()):
        self.name, self.arr, self.off, self.const = name, arr, off, const
        self.tags = set(tags) | arr.tags

    def elem(self, subs):
        """The expression name[s0][s1]... after checking every subscript is in bounds; None if not."""
        if len(subs) != self.arr.ndim or any(s is None for s in subs):
            return None
        if subs[0].lo + self.off < 0 or any(s.lo < 0 for s in subs[1:]):
            return None
        if subs[0].t.floating or any(s.t.floating for s in subs):
            return None
        if self.arr.fixed and any(s.hi >= n for s, n in zip(subs, self.arr.dims)):
            return None  # a table of fixed size
        for k, s in enumerate(subs):
            if s.hi - s.lo > 20000 or s.hi + self.off > 50000:
                return None  # arrays stay small
        need = [max(self.arr.need[0], subs[0].hi + self.off + 1)] + \
            [max(n, s.hi + 1) for n, s in zip(self.arr.need[1:], subs[1:])]
        total = 1
        for n in need:
            total *= n
        if total > 40000:
            return None  # arrays stay small (the stack, and the time to hash them)
        self.arr.touch(0, subs[0].hi + self.off)
        for k, s in enumerate(subs[1:], 1):
            self.arr.touch(k, s.hi)
        text = self.name + "".join("[%s]" % C.strip(s.text) for s in subs)
        atoms = set().union(*[s.atoms for s in subs]) | {self.arr.name}
        tags = set().union(*[s.tags for s in subs]) | self.tags
        if subs[0].lo < 0:
            tags.add("negindex")  # before the element the pointer points at
        return C.opaque(text, self.arr.et, self.arr.lo, self.arr.hi, atoms, tags)


class Stmt:
    """A statement of the body: its lines (relative indentation with two spaces) and the classes it uses."""

    def __init__(self, lines, tags=()):
        self.lines, self.tags = list(lines), set(tags)


class Item:
    """A declaration or clause the loop may need: included when its key is referenced (or always).

    kind: 'file' (file scope, before the functions), 'scope' (the loop's function, before the loop),
    'pre' (just before the pragma, after the scope declarations) or 'clause' (in the pragma)."""

    def __init__(self, kind, key, lines, always=False, tags=()):
        self.kind, self.key, self.always, self.tags = kind, key, always, set(tags)
        self.lines = [lines] if isinstance(lines, str) else list(lines)


def _refs(text):
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


class Loop:
    """One marked loop with everything it owns; `render` prints its region of the program."""

    def __init__(self, lid):
        self.lid = lid
        self.tags = {"base"}  # classes of the loop itself (variable, pragma, frame); statements add theirs
        self.items = []
        self.arrays = []
        self.post_hash = []  # (expression, type) hashed after the loop: reductions, scalars, the variable
        self.global_hash = []  # (name, type) of globals hashed after the loop
        self.global_init = []  # (name, value) of globals set before the loop
        self.pragma_kind = "pragma"  # 'pragma', 'op' or 'macro'
        self.for_text = ""
        self.stmts = []
        self.kernel = None  # (dup array or None) when the loop runs in fz_kernN(arrays...)
        self.trip = 0
        self.iv_values = []

    def add(self, kind, key, lines, always=False, tags=()):
        self.items.append(Item(kind, key, lines, always, tags))

    def features(self, drop=()):
        """The feature classes the loop uses, statements in drop left out: the loop's own, its statements',
        and those of the declarations its statements name (a safety net for the statements' tags)."""
        tags = set(self.tags)
        text = self.for_text
        for k, s in enumerate(self.stmts):
            if k not in drop:
                tags |= s.tags
                text += "\n" + "\n".join(s.lines)
        refs = _refs(text)
        for it in self.items:
            if it.key in refs:
                tags |= it.tags
        return tags

    def included(self, drop=()):
        """The items the loop needs once the statements in drop are left out: those referenced, transitively,
        from the statements, the for header and the hashed scalars."""
        core = self.for_text + "\n" + "\n".join(x for k, s in enumerate(self.stmts) if k not in drop
                                                   for x in s.lines)
        body_refs = _refs(core)
        refs = set(body_refs)
        chosen = [it for it in self.items if it.always]
        changed = True
        while changed:
            changed = False
            for t in chosen:
                for line in t.lines:
                    new = _refs(line) - refs
                    if new:
                        refs |= new
                        changed = True
            for it in self.items:
                if it in chosen:
                    continue
                # clauses name variables of the body; declarations may be reached through other items
                if it.key in (body_refs if it.kind == "clause" else refs):
                    chosen.append(it)
                    changed = True
        self.last_refs = refs
        self.body_refs = body_refs
        return [it for it in self.items if it in chosen]

    def pragma_text(self, items):
        clauses = [it.lines[0] for it in items if it.kind == "clause"]
        return " ".join(["lsc parallel for"] + clauses)

    def render(self, marked=True, verbose=False, drop=()):
        """(lines, pragma line index, for line index) of this loop's region; pragma removed when not marked.

        drop: indices of statements left out (the reducer's way to shrink a loop)."""
        L, ind = self.lid, "  "
        items = self.included(drop)
        ptext = self.pragma_text(items)
        out = ["/* ---- loop %d: %s ---- */" % (L, " ".join(sorted(self.features(drop))))]
        if self.pragma_kind == "macro":
            out.append("#define FZ_PAR%d %s" % (L, '_Pragma("%s")' % ptext if marked else ""))
        for it in items:
            if it.kind == "file":
                out += it.lines
        scope = [x for it in items if it.kind == "scope" for x in it.lines]
        scope += [x for it in items if it.kind == "pre" for x in it.lines]
        pragma_at = len(scope)
        if self.pragma_kind == "pragma":
            scope.append("#pragma " + ptext if marked else "")
        elif self.pragma_kind == "op":
            scope.append('_Pragma("%s")' % ptext if marked else "")
        else:
            scope.append("FZ_PAR%d" % L)
        for_at = len(scope)
        scope.append(self.for_text + " {")
        for k, s in enumerate(self.stmts):
            if k not in drop:
                scope += [ind + x for x in s.lines]
        scope.append("}")
        scope.append("unsigned long h = %s;" % HASH_INIT)
        for e, t in self.post_hash:
            if e not in self.body_refs:
                continue  # a scalar of a statement left out
            scope.append("h = fz_hash(h, %s);" % self.as_ulong(e, t))
            if verbose:
                scope.append(self.show_value(e, t, e))
        kern = self.kernel is not None
        if kern:
            params = [a for a in self.arrays if a.storage != "global" and a.name in self.last_refs]
            out.append("static unsigned long fz_kern%d(%s) {" % (L, self.kernel_params(params)))
            first = len(out)
            out += [ind + x if x else "" for x in scope]
            out.append(ind + "return h;")
            out.append("}")
        out.append("static void fz_loop%d(void) {" % L)
        arrays = [a for a in self.arrays if a.name in self.last_refs or (self.dup_used() and a is self.kernel)]
        for a in arrays:
            out += [ind + x for x in self.array_decl(a)]
        for name, val in self.global_init:
            if name in self.last_refs:
                out.append(ind + "%s = %s;" % (name, val))
        if kern:
            args = [a.name for a in params] + ([self.kernel.name] if self.dup_used() else [])
            out.append(ind + "unsigned long h = fz_kern%d(%s);" % (L, ", ".join(args)))
        else:
            first = len(out)
            out += [ind + x if x else "" for x in scope]
        for name, t in self.global_hash:
            if name not in self.last_refs:
                continue
            out.append(ind + "h = fz_hash(h, %s);" % self.as_ulong(name, t))
            if verbose:
                out.append(ind + self.show_value(name, t, name))
        for a in arrays:
            out += [ind + x for x in self.array_hash(a, verbose)]
        out.append(ind + "fz_report(%d, h);" % L)
        out.append("}")
        return out, first + pragma_at, first + for_at

    def kernel_params(self, params):
        ps = []
        for a in params:
            cst = "" if a.stored or a.has_mut_ptr else "const "
            if a.ndim == 2:
                ps.append("%s%s (*%s)[%d]" % (cst, a.et.name, a.name, a.dims[1]))
            elif a.param_style == "array":
                ps.append("%s%s %s[%d]" % (cst, a.et.name, a.name, a.dims[0]))
            else:
                ps.append("%s%s *%s" % (cst, a.et.name, a.name))
        if self.dup_used():
            ps.append("%s *%s_b" % (self.kernel.et.name, self.kernel.name))
        return ", ".join(ps) or "void"

    def dup_used(self):
        return self.kernel not in (None, True) and self.kernel.name + "_b" in self.last_refs

    @staticmethod
    def as_ulong(e, t):
        return "(unsigned long)(long)%s" % e if t.floating else "(unsigned long)%s" % e

    def array_decl(self, a):
        dims = "".join("[%d]" % n for n in a.dims)
        lines = []
        if a.storage == "local":
            lines.append("%s %s%s;" % (a.et.name, a.name, dims))
        elif a.storage == "vla":
            names = ["n%s_%d" % (a.name, k) for k in range(a.ndim)]
            for nm, n in zip(names, a.dims):
                lines.append("int %s = %d;" % (nm, n))
            lines.append("%s %s%s;" % (a.et.name, a.name, "".join("[%s]" % nm for nm in names)))
        flat = "t" if a.ndim == 1 else "(t * %d + u)" % a.dims[1]
        val = "(%s * %d + %d) %% %d" % (flat, a.mul, a.add, a.mod)
        if a.off:
            val += " %s %d" % ("+" if a.off > 0 else "-", abs(a.off))
        lines.append("for (int t = 0; t < %d; t++)" % a.dims[0])
        ind = "  "
        if a.ndim == 2:
            lines.append(ind + "for (int u = 0; u < %d; u++)" % a.dims[1])
            ind += "  "
        ref = a.name + ("[t]" if a.ndim == 1 else "[t][u]")
        lines.append(ind + "%s = (%s)(%s);" % (ref, a.et.name, val))
        return lines

    def array_hash(self, a, verbose):
        ind = "  "
        ref = a.name + ("[t]" if a.ndim == 1 else "[t][u]")
        lines = ["for (int t = 0; t < %d; t++)" % a.dims[0]]
        if a.ndim == 2:
            lines.append(ind + "for (int u = 0; u < %d; u++)" % a.dims[1])
            ind += "  "
        conv = self.as_ulong(ref, a.et)
        if verbose:
            fmt = "%s[%%d]" % a.name if a.ndim == 1 else "%s[%%d][%%d]" % a.name
            args = "t" if a.ndim == 1 else "t, u"
            lines += [ind + "{", ind + "  h = fz_hash(h, %s);" % conv,
                      ind + "  " + self.show_value(fmt, a.et, ref, args), ind + "}"]
        else:
            lines.append(ind + "h = fz_hash(h, %s);" % conv)
        return lines

    @staticmethod
    def show_value(label, t, expr, args=None):
        if t.floating:
            f, v = "%.17g", "(double)(%s)" % expr
        elif t.signed:
            f, v = "%lld", "(long long)(%s)" % expr
        else:
            f, v = "%llu", "(unsigned long long)(%s)" % expr
        if args:
            return 'printf("%s = %s\\n", %s, %s);' % (label, f, args, v)
        return 'printf("%s = %s\\n", %s);' % (label, f, v)


class Builder:
    """Builds one Loop from a random generator and the feature classes it may use."""

    def __init__(self, rng, lid, enabled):
        self.rng, self.L = rng, Loop(lid)
        # Each enabled class is tried in a given loop with some probability, so that loops differ and a
        # failure points at few classes.
        self.try_ = {f for f in enabled if f == "base" or rng.random() < 0.35}
        self.p = "L%d_" % lid
        self.counter = 0
        self.inner_var = None  # Expr of the inner loop variable while generating inside one
        self.reads = []  # views the loop only reads
        self.writes = []  # views the loop writes (1-D and 2-D)
        self.scalars = []  # captured read-only scalars (Expr)
        self.fp = []  # firstprivate scalars (Expr)
        self.acc = set()  # classes used by the statement being built (from its expressions)
        self.macros = {}  # (parameters, body) -> name of the function-like macro

    def use(self, feature):
        self.L.tags.add(feature)

    def has(self, feature):
        return feature in self.try_

    def fresh(self, stem):
        """A file-scope name, unique in the program."""
        self.counter += 1
        return "%s%s%d" % (self.p, stem, self.counter)

    def local(self, stem):
        """A name local to the loop's function."""
        self.counter += 1
        return "%s%d" % (stem, self.counter)

    def macro(self, stem, params, body):
        """A function-like macro of the loop's region; one per body, so that two uses of the same body
        read the same (gcc's -Wtautological-compare sees through macros, the generator's text does not)."""
        key = (params, body)
        if key not in self.macros:
            m = self.fresh(stem)
            self.L.add("file", m, "#define %s%s %s" % (m, params, body))
            self.macros[key] = m
        return self.macros[key]

    def scalar(self, t, name, init):
        self.L.add("scope", name, "%s %s%s;" % (t.name, name, "" if init is None else " = " + init))

    # ---- the induction variable --------------------------------------------------------------------------

    def trip_count(self, limit):
        r = self.rng.random()
        if r < 0.03:
            n = 0
        elif r < 0.06:
            n = 1
        elif r < 0.2:
            n = self.rng.randint(2, 9)
        elif r < 0.6:
            n = self.rng.randint(10, 99)
        else:
            n = self.rng.randint(100, 300)
        return min(n, limit)

    def gen_iv(self):
        """Tries shapes until one simulates cleanly; a rejected attempt leaves nothing behind."""
        for attempt in range(80):
            saved = (len(self.L.items), set(self.L.tags), list(self.L.post_hash))
            try:
                if self.has("wrap") and self.rng.random() < 0.7:
                    return self.wrap_iv()
                return self.plain_iv()
            except Reject:
                del self.L.items[saved[0]:]
                self.L.tags, self.L.post_hash = saved[1], saved[2]
        self.try_ -= {"ivtypes", "steps", "ivlimits", "wrap", "macros", "symbolic", "ivout"}
        return self.plain_iv()

    def plain_iv(self):
        rng = self.rng
        t = rng.choice(C.INTEGER_TYPES) if self.has("ivtypes") else INT
        s, down = 1, False
        if self.has("steps"):
            s = rng.choice([1, 1, 2, 3, 4, 5, 7])
            down = rng.random() < 0.4
        n = self.trip_count(max(0, (t.max - t.min) // s - 2))
        span = n * s
        near = self.has("ivlimits") and rng.random() < 0.6
        if down:
            lowest = t.min + span + 1
            if near:
                start = rng.choice([lowest + rng.randint(0, 3), t.max - rng.randint(0, 3)])
            elif t.signed and self.has("ivtypes") and rng.random() < 0.5:
                start = rng.randint(-40, 30)
            else:
                start = rng.randint(0, 40) + span
            start = min(max(start, lowest), t.max)
        else:
            if near:
                start = rng.choice([t.max - span - rng.randint(0, 3), t.min + rng.randint(1, 3)])
            elif t.signed and self.has("ivtypes") and rng.random() < 0.5:
                start = rng.randint(-60, 10)
            else:
                start = rng.randint(0, 20) if rng.random() < 0.7 else 0
            start = max(min(start, t.max - span), t.min + 1)
        if near:
            self.use("ivlimits")
        ops = ["<"] if not down else [">"]
        if self.has("steps"):
            ops = ["<", "<", "<=", "!="] if not down else [">", ">=", "!="]
        op = rng.choice(ops)
        sign = -1 if down else 1
        last = start + sign * (n - 1) * s
        if op == "!=":
            bound = start + sign * n * s
        elif op in ("<", ">"):
            bound = last + sign * rng.randint(1, s) if n else start - sign * rng.randint(0, 3)
        else:
            bound = last + sign * rng.randint(0, s - 1) if n else start - sign * rng.randint(1, 3)
        self.build_iv(t, start, op, bound, s, sign)

    def wrap_iv(self):
        """An unsigned induction variable whose conversions or steps wrap around (the 'wrap' class)."""
        rng = self.rng
        t = rng.choice(C.UNSIGNED_TYPES)
        shape = rng.choice(["neg_init", "size_down", "sub_wrap", "neq_wrap", "neg_bound", "neg_step"])
        if shape == "neg_init":
            start, op, bound, s, sign = -rng.randint(1, 5), rng.choice(["<", ">", ">=", "!="]), rng.randint(0, 9), 1, 1
        elif shape == "size_down":
            n = rng.randint(0, 200)
            start, op, bound, s, sign = n - 1, "<", n, rng.choice([1, 1, 2, 3]), -1
        elif shape == "sub_wrap":
            start, op, bound, s, sign = rng.randint(0, 30), "<", rng.randint(31, 100), rng.choice([1, 2, 3]), -1
        elif shape == "neq_wrap":
            start, op, bound, s, sign = t.max - rng.randint(0, 60), "!=", rng.randint(0, 40), 1, 1
        elif shape == "neg_bound":
            start, op, bound, s, sign = t.max - rng.randint(0, 250), rng.choice(["<", "<="]), -1, 1, 1
        else:
            start, op, bound, s, sign = rng.randint(10, 200), rng.choice([">", ">="]), rng.randint(0, 9), \
                rng.choice([-1, -2, -3]), 1
        self.build_iv(t, start, op, bound, s, sign, wrap=True)
        self.use("wrap")

    def build_iv(self, t, start, op, bound, s, sign, wrap=False):
        """Chooses the spellings of init, condition and step for the values given, and simulates them."""
        rng, L = self.rng, self.L
        name = "i"
        pt = C.promote(t)
        # The init: a literal, a variable or a macro (of a type that holds the value).
        init_t = pt if pt.fits(start, start) else (INT if INT.fits(start, start) else LONG)
        init_text = C.strip(C.literal(start, init_t))
        if not t.fits(start, start) or (self.has("varstart") and rng.random() < 0.4):
            # a converting init goes through a variable: gcc warns about a literal that changes value
            if not self.has("varstart"):
                raise Reject()
            vt = self.pick_holding_type(start, t)
            v = self.local("lo")
            self.scalar(vt, v, C.strip(C.literal(start, vt)))
            init_text, init_t = v, vt
            self.use("varstart")
        elif self.has("macros") and rng.random() < 0.3:
            m = self.fresh("LO")
            L.add("file", m, "#define %s %s" % (m, C.literal(start, init_t)))
            init_text = m
            self.use("macros")
        # The bound, converted explicitly when its signedness differs from the variable's (-Wsign-compare).
        bt = pt if pt.fits(bound, bound) else (INT if INT.fits(bound, bound) else LONG)
        bound_text = C.strip(C.literal(bound, bt))
        if (self.has("symbolic") or self.has("ivtypes") or wrap) and rng.random() < 0.5:
            bt = self.pick_holding_type(bound, t)
            v = self.local("n")
            if self.has("macros") and rng.random() < 0.3 and bt.fits(bound + 1, bound + 1):
                m = self.fresh("B")
                L.add("file", m, "#define %s(x) ((x) - 1)" % m)
                self.scalar(bt, v, C.strip(C.literal(bound + 1, bt)))
                bound_text = "%s(%s)" % (m, v)
                bt = C.common(bt, INT)
                self.use("macros")
            else:
                self.scalar(bt, v, C.strip(C.literal(bound, bt)))
                bound_text = v
            self.use("symbolic")
        elif self.has("macros") and rng.random() < 0.3:
            m = self.fresh("N")
            L.add("file", m, "#define %s %s" % (m, C.literal(bound, bt)))
            bound_text = m
            self.use("macros")
        if C.promote(bt).signed != pt.signed:
            to = t if t.rank >= INT.rank else pt
            bound_text = "(%s)%s" % (to.name, bound_text if _is_name(bound_text) else "(%s)" % bound_text)
            conv, w = C.convert(bound, to)
            if w and not wrap:
                raise Reject()
            bound, bt = conv, to
        # The step: its text, and what the simulation adds.
        up = sign > 0
        sim_sign, sim_val = sign, s
        if s == 1 and rng.random() < 0.7:
            step_text = rng.choice(["%s++", "++%s"] if up else ["%s--", "--%s"]) % name
        else:
            mag = abs(s)
            sv = str(mag)
            if self.has("macros") and rng.random() < 0.3:
                m = self.fresh("S")
                L.add("file", m, "#define %s %d" % (m, mag))
                sv = m
                self.use("macros")
            elif (self.has("symbolic") or wrap) and rng.random() < 0.3:
                v = self.local("st")
                self.scalar(INT, v, str(mag))
                sv = v
                self.use("symbolic")
            neg_form = (s < 0) or (not up and self.has("steps") and rng.random() < 0.2)
            if neg_form:
                # i += -s: the step's sign is in the value
                step_text = rng.choice(["%s += -%s", "%s = %s + -%s"])
                step_text = step_text % ((name, sv) if step_text.count("%s") == 2 else (name, name, sv))
                sim_sign, sim_val = 1, -mag
            else:
                plus = up
                step_text = rng.choice(["%s += %s", "%s = %s + %s"] if plus else ["%s -= %s", "%s = %s - %s"])
                step_text = step_text % ((name, sv) if step_text.count("%s") == 2 else (name, name, sv))
                sim_sign, sim_val = (1 if plus else -1), mag
        # The condition, sometimes mirrored.
        if self.has("steps") and rng.random() < 0.15:
            cond = "%s %s %s" % (bound_text, MIRROR[op], name)
        else:
            cond = "%s %s %s" % (name, op, bound_text)
        if _constant_compare(op, bound, t):
            raise Reject()  # gcc's -Wtype-limits: the comparison does not depend on i
        values, final, flags = simulate(t, start, init_t, op, bound, bt, sim_sign, sim_val, INT)
        if "ub" in flags or "impl" in flags or "endless" in flags:
            raise Reject()
        if wrap != ("wrap" in flags) or len(values) > 300:
            raise Reject()
        decl_inside = True
        if self.has("ivout") and rng.random() < 0.6:
            decl_inside = False
            self.scalar(t, name, None)
            L.post_hash.append((name, t))
            self.use("ivout")
        init = ("%s %s = %s" % (t.name, name, init_text)) if decl_inside else "%s = %s" % (name, init_text)
        L.for_text = "for (%s; %s; %s)" % (init, cond, step_text)
        L.iv_values = values
        L.trip = len(values)
        if t is not INT:
            self.use("ivtypes")
        if s != 1 or not up or op != "<" or cond.startswith(bound_text):
            self.use("steps")
        lo, hi = (min(values), max(values)) if values else (C.convert(start, t)[0],) * 2
        self.iv = C.var(name, t, lo, hi)
        if t.name == "char":
            self.iv = C.cast(INT, self.iv)  # -Wchar-subscripts
        self.sparse = hi - lo > 5000

    def pick_holding_type(self, v, t):
        """A type for a bound or start variable: the variable's own type or another one that holds v."""
        cands = [t] * 3 + [INT, LONG, UINT, C.SHORT, ULONG, C.SIZE_T, C.LLONG, C.UCHAR]
        self.rng.shuffle(cands)
        for c in cands:
            if c.fits(v, v):
                return c
        raise Reject()

    # ---- data --------------------------------------------------------------------------------------------

    def new_array(self, ndim=1, storage=None, et=None, index_range=None):
        rng = self.rng
        if storage is None:
            storage = "local"
            r = rng.random()
            if self.has("globals") and r < 0.3:
                storage = "global"
            elif self.has("vla") and r < 0.6:
                storage = "vla"
        if index_range is not None:
            et, off, mod = INT, 0, index_range
        elif et is None:
            et, off, mod = rng.choice(ELEM_TYPES)
        else:
            off, mod = -100, 201
        name = self.fresh("g") if storage == "global" else self.local("a")
        a = Arr(name, et, ndim, storage, off, mod, rng.choice([1, 3, 7, 13, 37, 97]), rng.randint(0, 50))
        a.slack = rng.choice([0, 0, 1, 2, 5])
        self.L.arrays.append(a)
        if et.floating:
            a.tags.add("fpreduction")
        if storage == "global":
            a.tags.add("globals")
            self.L.add("file", name, "")  # declared at the end of build, once dims are known
            a.decl_item = self.L.items[-1]
        if storage == "vla":
            a.tags.add("vla")
        return a

    def setup_data(self):
        """The arrays and scalars of the loop: 1-3 written, 0-3 read, maybe derived pointers."""
        rng = self.rng
        for k in range(rng.choice([1, 1, 2, 2, 3])):
            et = None
            if self.has("fpreduction") and rng.random() < 0.4:
                et = DOUBLE
            a = self.new_array(2 if self.has("multidim") and rng.random() < 0.35 else 1, et=et)
            self.writes.append(View(a.name, a))
        for k in range(rng.choice([0, 1, 1, 2, 3])):
            et = DOUBLE if self.has("fpreduction") and rng.random() < 0.3 else None
            a = self.new_array(2 if self.has("multidim") and rng.random() < 0.3 else 1, et=et)
            self.reads.append(View(a.name, a, const=True))
        if self.has("derived"):
            # the loop reaches these arrays only through the pointer
            for lst in (self.writes, self.reads):
                for k, v in enumerate(lst):
                    if v.arr.ndim == 1 and rng.random() < 0.5:
                        lst[k] = self.derive(v, rng.randint(0, 12), "derived")
        for k in range(rng.choice([0, 1, 2])):
            t = rng.choice([INT, INT, LONG, C.SHORT, UINT, C.UCHAR])
            v = rng.randint(0, 20) if not t.signed else rng.randint(-20, 20)
            if self.has("globals") and rng.random() < 0.3:
                name = self.fresh("s")
                self.L.add("file", name, "static %s %s = %s;" % (t.name, name, C.strip(C.literal(v, t))))
                self.scalars.append(C.tagged(C.var(name, t, v, v), "globals"))
            else:
                name = self.local("k")
                self.scalar(t, name, C.strip(C.literal(v, t)))
                self.scalars.append(C.var(name, t, v, v))
        if self.has("constglobals") and rng.random() < 0.7:
            self.reads.append(self.const_table())
        if self.has("alias"):
            self.add_alias()
        if self.has("params") and rng.random() < 0.6:
            self.kernelize()

    def const_table(self):
        """A `static const` global table, read by the loop (or a callee): the same in every process."""
        rng = self.rng
        n = rng.randint(4, 40)
        vals = [rng.randint(-50, 50) for _ in range(n)]
        name = self.fresh("ct")
        self.L.add("file", name, "static const int %s[%d] = {%s};" % (name, n, ", ".join(map(str, vals))),
                   tags={"constglobals"})
        a = Arr(name, INT, 1, "const", 0, 1, 1, 0)
        a.lo, a.hi, a.dims, a.fixed = min(vals), max(vals), [n], True
        a.tags.add("constglobals")
        return View(name, a, const=True)

    def derive(self, view, off, tag):
        """A pointer into view's array at element off, declared before the loop in one of several forms."""
        rng, a = self.rng, view.arr
        name = self.local("p")
        const = "const " if view.const else ""
        if not const:
            a.has_mut_ptr = True  # a kernel parameter it comes from cannot be const
        form = rng.choice(["plus", "addr", "cast", "copy"])
        # The element type is written as %(et)s and filled in by Arr.retype: a later clamp_values may turn a
        # floating array into an int one, and a double pointer into an int array writes past its end.
        if form == "plus":
            init = "%s + %d" % (a.name, off) if off else a.name
        elif form == "addr":
            init = "&%s[%d]" % (a.name, off)
        elif form == "cast":
            init = "(%s%%(et)s *)(%svoid *)(%s + %d)" % (const, const, a.name, off)
        else:
            tmp = self.local("q")
            self.L.add("pre", tmp, "")
            a.derived.append((self.L.items[-1], "%s%%(et)s *%s = %s + %d;" % (const, tmp, a.name, off)))
            init = tmp
        self.L.add("pre", name, "", tags={tag})
        a.derived.append((self.L.items[-1], "%s%%(et)s *%s = %s;" % (const, name, init)))
        a.retype(a.et)
        a.touch(0, off)
        return View(name, a, off, view.const, {tag})

    def add_alias(self):
        """Known-wrong class: a written array also reached through a pointer into it."""
        rng = self.rng
        ones = [v for v in self.writes if v.arr.ndim == 1 and v.off == 0]
        if not ones:
            return
        v = rng.choice(ones)
        self.clamp_values(v.arr)
        p = self.derive(View(v.name, v.arr, 0), rng.randint(0, 60), "alias")
        if rng.random() < 0.5:
            self.writes.append(p)  # two written names of one array
        else:
            self.reads.append(View(p.name, p.arr, p.off, True, {"alias"}))

    def clamp_values(self, a):
        """From now on every store to a keeps its values in a's current interval.

        For arrays whose elements an iteration may read after another iteration wrote them (aliases,
        carried dependences): the intervals of the reads, computed in program order, hold whatever the
        order of the iterations."""
        if a.clamp is None:
            if a.et.floating:
                a.tags = a.tags - {"fpreduction"}
                a.retype(INT)  # % needs integers
            a.clamp = (a.lo, a.hi)

    def kernelize(self):
        """Moves the loop into `fz_kernN(...)`, which receives the (non-global) arrays as parameters."""
        rng = self.rng
        self.use("params")
        self.L.kernel = True
        for a in self.L.arrays:
            a.param_style = "array" if rng.random() < 0.3 else "pointer"
        if self.has("alias") and rng.random() < 0.5:
            ones = [v.arr for v in self.writes if v.arr.ndim == 1 and v.name == v.arr.name
                    and v.arr.storage != "global"]
            if ones:
                dup = rng.choice(ones)
                self.clamp_values(dup)
                self.L.kernel = dup  # passed a second time, as `name_b`
                self.reads.append(View(dup.name + "_b", dup, 0, True, {"alias"}))

    # ---- expressions -------------------------------------------------------------------------------------

    def iv_value(self):
        """The induction variable as a value of a comfortable type."""
        iv = self.iv
        for e in (iv if C.promote(iv.t) is INT else None, C.cast(INT, iv), C.cast(LONG, iv),
                  C.cast(INT, C.binop("%", iv, C.lit(97, C.promote(iv.t))))):
            if e is not None:
                return e
        return C.lit(1)

    def affine(self, c, minval):
        """c*i + d whose smallest value is minval, spelled in one of several ways; None if not possible."""
        rng = self.rng
        if self.sparse:
            return None
        ivs = [self.iv]
        if C.LONG.fits(self.iv.lo, self.iv.hi) and C.promote(self.iv.t) is not LONG:
            ivs.append(C.cast(LONG, self.iv))
        if C.INT.fits(self.iv.lo, self.iv.hi) and C.promote(self.iv.t) is not INT:
            ivs.append(C.cast(INT, self.iv))
        for iv in ivs:
            d = minval - min(c * iv.lo, c * iv.hi)
            pt = C.promote(iv.t)
            mag = C.lit(abs(c), pt)
            term = iv if abs(c) == 1 else (C.binop("*", mag, iv) if rng.random() < 0.5 else C.binop("*", iv, mag))
            dt = pt if pt.fits(abs(d), abs(d)) else LONG
            if not dt.fits(abs(d), abs(d)):
                continue
            if c > 0:
                e = term if d == 0 else (C.binop("+", term, C.lit(d, dt)) if d > 0 else
                                         C.binop("-", term, C.lit(-d, dt)))
            else:
                e = C.binop("-", C.lit(d, dt), term)
            if e is not None and e.lo == minval:
                return e
        return None

    def maybe_symbolic(self, e, minval):
        """e + off - k with a captured `off` (a loop-invariant name in the subscript), when asked."""
        if e is None or not self.has("symbolic") or self.rng.random() > 0.3:
            return e
        k = self.rng.randint(1, 6)
        name = self.local("o")
        e2 = C.binop("-", C.binop("+", e, C.var(name, INT, k, k)), C.lit(k))
        if e2 is None or e2.lo < minval:
            return e
        self.scalar(INT, name, str(k))
        return C.tagged(e2, "symbolic")

    def maybe_macro_sub(self, e):
        """Wraps a subscript of i in a function-like macro of the loop's region."""
        if e is None or not self.has("macros") or self.rng.random() > 0.25 or "i" not in _refs(e.text):
            return e
        m = self.macro("IX", "(x)", re.sub(r"\bi\b", "(x)", e.text))
        return C.opaque("%s(i)" % m, e.t, e.lo, e.hi, e.atoms, e.tags | {"macros"})

    def lowest(self, view):
        """The smallest subscript allowed through view: below 0 only for pointers, in the negindex class."""
        return -view.off if self.has("negindex") else 0

    def read_sub(self, view, dim=0):
        """A subscript for reading dimension dim of view: affine, constant, inner variable or non-affine."""
        rng = self.rng
        minval = self.lowest(view) if dim == 0 else 0
        if self.inner_var is not None and rng.random() < 0.5:
            j = self.inner_var
            return C.binop("+", j, C.lit(minval - j.lo)) if j.lo != minval else j
        if self.has("nonaffine") and rng.random() < 0.4:
            e = self.nonaffine(minval)
            if e is not None:
                return C.tagged(e, "nonaffine")
        if rng.random() < 0.15 or self.sparse:
            return C.lit(rng.randint(minval, minval + 10))
        e = self.affine(rng.choice([1, 1, 1, 2, 3, -1, -2]), minval + rng.randint(0, 4))
        e = self.maybe_symbolic(e, minval)
        return self.maybe_macro_sub(e)

    def nonaffine(self, minval):
        rng = self.rng
        kind = rng.choice(["index", "square", "div", "mod", "and", "call"])
        iv = self.iv_value()
        if kind == "index":
            K = rng.randint(2, 64)
            sub = self.affine(rng.choice([1, 1, 2]), 0)
            if sub is None:
                return None
            idx = self.new_array(1, index_range=K)
            e = View(idx.name, idx).elem([sub])
        elif kind == "square":
            e = C.binop("%", C.binop("*", iv, iv), C.lit(rng.randint(2, 50)))
        elif kind == "div":
            e = C.binop("/", iv, C.lit(rng.randint(2, 5)))
        elif kind == "mod":
            e = C.binop("%", iv, C.lit(rng.randint(2, 9)))
        elif kind == "and":
            e = C.binop("&", iv, C.lit(rng.choice([3, 7, 15])))
        else:
            e = self.call_expr(iv)
            if e is not None:
                e = C.binop("%", e, C.lit(rng.randint(2, 30)))
        if e is None:
            return None
        if e.lo != minval:
            e = C.binop("+", e, C.lit(minval - e.lo)) if e.lo < minval else C.binop("-", e, C.lit(e.lo - minval))
        return e

    def read_expr(self):
        """An element of a read array, or of a written one at a subscript this iteration writes."""
        rng = self.rng
        owned = [(v, s) for v in self.writes if v.arr.ndim == 1 and not v.arr.closed
                 for vn, s in v.arr.wsubs if vn == v.name]
        if owned and rng.random() < 0.4:
            v, sub = rng.choice(owned)
            return v.elem([sub])
        if not self.reads:
            return None
        v = rng.choice(self.reads)
        return v.elem([self.read_sub(v, d) for d in range(v.arr.ndim)])

    def leaf(self, int_only=False):
        rng = self.rng
        r = rng.random()
        if r < 0.2:
            return C.lit(rng.randint(-20, 20))
        if r < 0.4:
            if self.sparse:
                return C.cast(INT, C.binop("%", self.iv, C.lit(101, C.promote(self.iv.t))))
            return self.iv_value()
        if r < 0.5 and self.scalars:
            return rng.choice(self.scalars)
        if r < 0.55 and self.inner_var is not None:
            return self.inner_var
        if r < 0.6 and self.fp:
            return rng.choice(self.fp)
        e = self.read_expr()
        if e is not None and int_only and e.t.floating:
            e = C.cast(LONG, e)
        return e if e is not None else C.lit(rng.randint(1, 9))

    def value(self, depth=2, int_only=False):
        """A value expression whose interval stays within +-2^30."""
        for _ in range(8):
            e = self._value(depth, int_only)
            if e is not None and -(1 << 30) <= e.lo and e.hi <= (1 << 30):
                return e
        return C.lit(self.rng.randint(-5, 5))

    def _value(self, depth, int_only):
        rng = self.rng
        if depth == 0 or rng.random() < 0.3:
            return self.leaf(int_only)
        r = rng.random()
        a = self._value(depth - 1, int_only)
        if a is None:
            return None
        if r < 0.4:
            return C.binop(rng.choice("+-"), a, self._value(depth - 1, int_only))
        if r < 0.55:
            return C.binop("*", a, C.lit(rng.randint(-4, 4)) if rng.random() < 0.6 else
                           self._value(depth - 1, int_only))
        if r < 0.62 and not a.t.floating:
            return C.binop(rng.choice("/%"), a, C.lit(rng.choice([2, 3, 5, 7, -3])))
        if r < 0.7:
            b = self._value(depth - 1, int_only)
            if b is None or b.text == a.text:
                return a  # a self-comparison would warn (-Wtautological-compare)
            c = C.compare(rng.choice(["<", ">", "==", "!="]), a, b)
            return C.ternary(c, a, b) if c is not None else a
        if r < 0.8 and self.has("calls"):
            return self.call_expr(a) or a
        if r < 0.85 and self.has("macros"):
            return self.macro_expr(a, self._value(depth - 1, int_only)) or a
        if r < 0.92 and self.has("statics"):
            return self.static_call(a) or a
        if self.has("rand"):
            return self.rand_expr(a) or a
        return a

    def macro_expr(self, a, b):
        if a is None or b is None:
            return None
        k = self.rng.randint(-3, 3)
        pa = C.opaque("(x)", a.t, a.lo, a.hi)
        pb = C.opaque("(y)", b.t, b.lo, b.hi)
        body = C.binop("-", C.binop("*", pa, C.lit(k)), pb)
        use = C.binop("-", C.binop("*", a, C.lit(k)), b)
        if body is None or use is None:
            return None
        m = self.macro("MIX", "(x, y)", body.text)
        return C.opaque("%s(%s, %s)" % (m, C.strip(a.text), C.strip(b.text)), use.t, use.lo, use.hi,
                        a.atoms | b.atoms, a.tags | b.tags | {"macros"})

    # ---- helpers (calls) ---------------------------------------------------------------------------------

    def call_expr(self, arg):
        """A call to a helper function of the loop's region, defined on first use."""
        rng, L = self.rng, self.L
        if arg is None or arg.t.floating:
            return None
        a = arg if C.promote(arg.t) is INT else C.cast(INT, arg)
        if a is None:
            return None
        kind = rng.choice(["affine", "table", "global", "nested", "constptr"])
        if kind == "table" and not self.has("constglobals"):
            kind = "affine"
        name = self.fresh("f")
        extra = set()
        if kind == "affine":
            k, d = rng.randint(-3, 3), rng.randint(-9, 9)
            res = C.binop("+", C.binop("*", C.var("x", INT, a.lo, a.hi), C.lit(k)), C.lit(d))
            if res is None:
                return None
            L.add("file", name, "static int %s(int x) { return x * %d %s %d; }" % (name, k, "+-"[d < 0], abs(d)))
            lo, hi = res.lo, res.hi
        elif kind == "table":
            vals = [rng.randint(-30, 30) for _ in range(16)]
            L.add("file", name, ["static const int %s_tab[16] = {%s};" % (name, ", ".join(map(str, vals))),
                                 "static int %s(int x) { return %s_tab[x & 15]; }" % (name, name)])
            lo, hi = min(vals), max(vals)
            extra = {"constglobals"}
        elif kind == "global":
            g = name + "_g"
            L.add("file", name, ["static int %s[32];" % g,
                                 "static int %s(int x) { return %s[x & 31] + 1; }" % (name, g)])
            L.add("pre", name, "for (int t = 0; t < 32; t++) %s[t] = t * 3 - 40;" % g)
            lo, hi = -39, 3 * 31 - 39
            extra = {"globals"}
        elif kind == "nested":
            inner = self.fresh("f")
            if a.hi >= INT.max:
                return None
            L.add("file", name, ["static int %s(int x) { return (x %% 7) * 2; }" % inner,
                                 "static int %s(int x) { return %s(x) + %s(x + 1); }" % (name, inner, inner)])
            lo, hi = -24, 24
        else:
            src = [v for v in self.reads if v.arr.ndim == 1 and v.off == 0 and not v.arr.et.floating
                   and not v.arr.fixed]
            if not src:
                return None
            v = rng.choice(src)
            n = rng.randint(1, 8)
            v.arr.touch(0, n - 1)
            L.add("file", name, "static long %s(const %s *v, int n, int x) { long s = 0; for (int k = 0; k < n; "
                                "k++) s += v[k]; return s + (x & 3); }" % (name, v.arr.et.name))
            lo, hi = n * min(v.arr.lo, 0), n * max(v.arr.hi, 0) + 3
            return C.opaque("%s(%s, %d, %s)" % (name, v.name, n, C.strip(a.text)), LONG, lo, hi,
                            a.atoms | {v.arr.name}, a.tags | v.tags | {"calls"})
        return C.opaque("%s(%s)" % (name, C.strip(a.text)), INT, lo, hi, a.atoms, a.tags | extra | {"calls"})

    def static_call(self, arg):
        """Known-wrong class: a callee with a static counter, or one that writes a global."""
        rng, L = self.rng, self.L
        a = C.cast(INT, arg) if arg is not None and not arg.t.floating else None
        if a is None or a.hi > INT.max - 8:
            return None
        name = self.fresh("h")
        if rng.random() < 0.5:
            L.add("file", name, "static int %s(int x) { static int calls; calls++; return x + (calls & 7); }" % name,
                  tags={"statics", "calls"})
        else:
            g = name + "_n"
            L.add("file", name, ["static int %s;" % g,
                                 "static int %s(int x) { %s++; return x + (%s & 7); }" % (name, g, g)],
                  tags={"statics", "calls"})
            L.global_init.append((g, "0"))
            L.global_hash.append((g, INT))
        return C.opaque("%s(%s)" % (name, C.strip(a.text)), INT, a.lo, a.hi + 7, a.atoms, a.tags | {"statics"})

    def rand_expr(self, a):
        """Known-wrong class: hidden library state (rand, random, drand48 after seeding)."""
        rng = self.rng
        kind = rng.choice(["rand", "random", "drand48"])
        seed = rng.randint(1, 99)
        if kind == "rand":
            self.L.add("pre", "rand", "srand(%d);" % seed, tags={"rand"})
            e = C.opaque("(rand() % 100)", INT, 0, 99)
        elif kind == "random":
            self.L.add("pre", "random", "srandom(%d);" % seed, tags={"rand"})
            e = C.opaque("(int)(random() % 100)", INT, 0, 99)
        else:
            self.L.add("pre", "drand48", "srand48(%d);" % seed, tags={"rand"})
            e = C.opaque("(int)(drand48() * 100.0)", INT, 0, 99)
        return C.tagged(C.binop("+", a, e), "rand")

    # ---- statements --------------------------------------------------------------------------------------

    def write_sub(self, view):
        """A dimension-0 subscript that this iteration alone writes: c*i + d in a residue not yet used."""
        a = view.arr
        if self.sparse or a.closed:
            return None
        if a.wcoef is None:
            a.wcoef = self.rng.choice([1, 1, 1, 1, 2, 2, 3, -1, -1, -2])
        c = a.wcoef
        mine = [s for vn, s in a.wsubs if vn == view.name]
        if len(a.wsubs) >= abs(c):
            return self.rng.choice(mine) if mine else None
        if a.wbase is None:
            minval = self.lowest(view) + self.rng.randint(0, 3) * abs(c)
        else:
            minval = a.wbase + len(a.wsubs) - view.off
            if minval < self.lowest(view):
                return None
        e = self.affine(c, minval)
        if e is None:
            return None
        if a.wbase is None:
            e = self.maybe_macro_sub(self.maybe_symbolic(e, minval))
            a.wbase = e.lo + view.off
        a.wsubs.append((view.name, e))
        return e

    def store(self, view, subs, value, op="="):
        """`view[subs] op value;` with the result checked against the element type; None if it does not fit."""
        a = view.arr
        if value is None:
            return None
        target = view.elem(subs)
        if target is None:
            return None
        res = value if op == "=" else C.binop(op[0], target, value)
        if res is None:
            return None
        if a.clamp is not None:
            # lo + ((v - lo) % W + W) % W, W = hi - lo + 1: in [lo, hi] whatever v is
            lo, hi = a.clamp
            w = C.lit(hi - lo + 1, LONG)
            res = C.binop("+", C.binop("%", C.binop("+", C.binop("%", C.binop("-", C.cast(LONG, res), C.lit(lo, LONG)),
                                                                      w), w), w), C.lit(lo, LONG))
            if res is None or not (lo <= res.lo and res.hi <= hi):
                return None
            op, value = "=", C.opaque("(%s)%s" % (a.et.name, res.text), a.et, res.lo, res.hi, res.atoms, res.tags)
        if a.et.floating:
            if not (-(1 << 50) <= res.lo and res.hi <= 1 << 50):
                return None
            lo, hi = res.lo, res.hi
        elif a.et.fits(res.lo, res.hi):
            lo, hi = res.lo, res.hi
        elif a.et.signed or res.t.floating:
            return None
        else:
            lo, hi = a.et.min, a.et.max  # converted to unsigned: wraps, as C defines
        a.widen(lo, hi)
        a.stored = True
        self.acc |= target.tags | value.tags
        return "%s %s %s;" % (target.text, op, C.strip(value.text))

    def writable(self, ndim=1):
        return [v for v in self.writes if v.arr.ndim == ndim and not v.const and not v.arr.closed]

    def stmt_assign(self):
        rng = self.rng
        ones = self.writable()
        if not ones:
            return None
        v = rng.choice(ones)
        sub = self.write_sub(v)
        if sub is None:
            return None
        line = self.store(v, [sub], self.value(), rng.choice(["=", "=", "=", "+=", "-="]))
        if line is None:
            return None
        if self.has("cond") and rng.random() < 0.4:
            c = C.compare(rng.choice(["<", ">", "=="]), self.value(1), C.lit(rng.randint(-5, 40)))
            if c is not None:
                self.acc |= c.tags
                lines = ["if %s" % c.text, "  " + line]
                if rng.random() < 0.5:
                    other = self.store(v, [sub], self.value(1))
                    if other:
                        lines += ["else", "  " + other]
                return Stmt(lines, {"cond"})
        return Stmt([line])

    def stmt_inner(self):
        """An inner loop: a row of a 2-D array, a flattened row, or an accumulation into a local."""
        rng = self.rng
        M = rng.randint(1, 24)
        jname = self.local("j")
        if self.has("private") and rng.random() < 0.3:
            self.scalar(INT, jname, None)
            self.L.add("clause", jname, "private(%s)" % jname)
            self.acc.add("private")
            head = "for (%s = 0; %s < %%s; %s++)" % (jname, jname, jname)
        else:
            head = "for (int %s = 0; %s < %%s; %s++)" % (jname, jname, jname)
        tri = rng.random() < 0.25 and self.iv.lo >= 0 and self.iv.hi < 400 and not self.sparse and \
            C.INT.fits(self.iv.lo, self.iv.hi)
        if tri:
            head = head.replace("< %s", "<= %s") % C.strip(self.iv_value().text)
            M = self.iv.hi + 1
        else:
            head = head % M
        j = C.var(jname, INT, 0, max(M - 1, 0))
        self.acc.add("multidim")
        self.inner_var = j
        try:
            twos = self.writable(2)
            kind = rng.choice(["row", "acc", "flat"] if twos else ["acc", "flat"])
            if kind == "row":
                v = rng.choice(twos)
                sub = self.write_sub(v)
                line = self.store(v, [sub, j], self.value()) if sub is not None else None
                return Stmt([head, "  " + line]) if line else None
            if kind == "flat" and not tri:
                ones = [v for v in self.writable() if v.arr.wcoef is None]
                if ones:
                    v = rng.choice(ones)
                    a = v.arr
                    a.wcoef = rng.choice([1, 2])
                    row = self.affine(a.wcoef, self.lowest(v))
                    sub = C.binop("+", C.binop("*", row, C.lit(M)), j) if row is not None else None
                    if sub is None:
                        a.wcoef = None
                        return None
                    a.closed = True  # rows of M: no other write or read of this array
                    line = self.store(v, [sub], self.value())
                    return Stmt([head, "  " + line]) if line else None
            ones = self.writable()
            if not ones:
                return None
            v = rng.choice(ones)
            e = self.value(1, int_only=True)
            self.inner_var = None
            sub = self.write_sub(v)
            if sub is None or e is None:
                return None
            acc = self.local("acc")
            total = C.opaque(acc, LONG, min(0, e.lo * M), max(0, e.hi * M))
            line = self.store(v, [sub], total)
            if line is None:
                return None
            self.acc |= e.tags
            return Stmt(["{", "  long %s = 0;" % acc, "  " + head, "    %s += %s;" % (acc, C.strip(e.text)),
                         "  " + line, "}"])
        finally:
            self.inner_var = None

    def stmt_union(self):
        """A footprint that is a union of slices, on a 2-D array no other statement touches: the symmetric
        update (row i from the diagonal on and column i below it) or a column (a[j][i] for every j)."""
        rng = self.rng
        iv = self.iv_value()
        if self.sparse or iv.lo < 0 or iv.hi >= 120:
            return None
        fresh = [v for v in self.writable(2) if v.arr.wcoef is None and not v.arr.wsubs and not v.arr.stored]
        if not fresh:
            a = self.new_array(2)  # an array of its own, so the class shows up without multidim's arrays
            fresh = [View(a.name, a)]
            self.writes.append(fresh[0])
        v = rng.choice(fresh)
        jname = self.local("j")
        sym = rng.random() < 0.5
        if sym:
            j = C.var(jname, INT, iv.lo, iv.hi)
            head = "for (int %s = %s; %s <= %d; %s++)" % (jname, C.strip(iv.text), jname, iv.hi, jname)
        else:
            rows = rng.randint(1, 20)
            j = C.var(jname, INT, 0, rows - 1)
            head = "for (int %s = 0; %s < %d; %s++)" % (jname, jname, rows, jname)
        self.inner_var = j
        try:
            first = self.store(v, [iv, j] if sym else [j, iv], self.value())
            second = self.store(v, [j, iv], self.value()) if sym else None
        finally:
            self.inner_var = None
        if first is None or (sym and second is None):
            return None
        v.arr.closed = True  # no other write or read of this array
        self.acc |= {"unions", "multidim"}
        body = ["  " + first] if not sym else ["  {", "    " + first, "    " + second, "  }"]
        return Stmt([head] + body, {"unions"})

    def reduction_var(self, t, init, op):
        name = self.local("r")
        self.scalar(t, name, init)
        self.L.post_hash.append((name, t))
        self.L.add("clause", name, "reduction(%s: %s)" % (op, name))
        return name

    def stmt_reduce(self):
        rng, L = self.rng, self.L
        fp = self.has("fpreduction") and rng.random() < 0.3
        op = rng.choice(["+", "min", "max"] if fp else ["+", "+", "*", "min", "max", "&", "|", "^", "&&", "||"])
        T = max(L.trip, 1) * 4 * 24  # updates: at most four statements, inner loops of at most 24
        e = self.value(1, int_only=not fp)
        if fp:
            t, init = DOUBLE, "0.0"
            if op != "+":
                init = str(rng.randint(-100, 100)) + ".0"
        elif op == "*":
            t = rng.choice([UINT, ULONG])
            init = "1" + t.suffix
            e = C.cast(t, e, allow_wrap=True)
        elif op in ("&", "|", "^"):
            t = rng.choice([UINT, ULONG, INT, LONG])
            init = {"&": "~0" + t.suffix, "|": "0", "^": "0"}[op]
            if not t.fits(e.lo, e.hi):
                e = C.cast(t, e, allow_wrap=not t.signed)
        elif op in ("&&", "||"):
            t, init = INT, rng.choice(["0", "1"])
            e = C.compare(rng.choice(["<", ">", "!="]), e, C.lit(rng.randint(-5, 20)))
        elif op in ("min", "max"):
            t = rng.choice([INT, LONG])
            init = str(rng.randint(-100, 100))
            if not t.fits(e.lo, e.hi) or C.promote(e.t).signed != t.signed:
                e = C.cast(t, e)
        else:
            t = rng.choice([LONG, LONG, INT, C.LLONG, ULONG, UINT])
            init = "0"
            if t.signed and not t.fits(T * min(e.lo, 0), T * max(e.hi, 0)):
                t = LONG
            if not t.signed:
                e = C.cast(t, e, allow_wrap=True)
        if e is None or (e.t.floating and not t.floating):
            return None
        name = self.reduction_var(t, init, op)
        self.acc |= e.tags | {"fpreduction" if fp else "reduction"}
        ex = C.strip(e.text)
        if op == "+":
            form = rng.choice(["%(r)s += %(e)s;", "%(r)s = %(r)s + %(p)s;", "%(r)s = %(p)s + %(r)s;"])
        elif op in ("*", "&", "|", "^"):
            form = rng.choice(["%(r)s " + op + "= %(e)s;", "%(r)s = %(r)s " + op + " %(p)s;"])
        elif op in ("&&", "||"):
            form = "%(r)s = %(r)s " + op + " %(p)s;"
        else:
            c = "<" if op == "min" else ">"
            form = rng.choice(["if (%(p)s " + c + " %(r)s) %(r)s = %(e)s;",
                               "%(r)s = %(p)s " + c + " %(r)s ? %(p)s : %(r)s;"])
        # %(p)s: the expression in parentheses where an operator surrounds it (-Wparentheses)
        return Stmt([form % {"r": name, "e": ex, "p": e.text}])

    def stmt_sum_iv(self):
        """A + reduction of i % 1000: possible whatever the values of i (the wrap class relies on it)."""
        name = self.reduction_var(LONG, "0", "+")
        e = C.cast(LONG, C.binop("%", self.iv, C.lit(1000, C.promote(self.iv.t)))) or C.lit(1)
        self.acc.add("reduction")
        return Stmt(["%s += %s;" % (name, C.strip(e.text))])

    def stmt_temp(self):
        """A private temporary: declared in the body, or outside with private(...)."""
        rng = self.rng
        ones = self.writable()
        if not ones:
            return None
        v = rng.choice(ones)
        e = self.value()
        if e.t.floating:
            return None
        sub = self.write_sub(v)
        if sub is None:
            return None
        tmp = self.local("tmp")
        line = self.store(v, [sub], C.binop("-", C.binop("*", C.var(tmp, LONG, e.lo, e.hi), C.lit(2)), C.lit(1)))
        if line is None:
            return None
        self.acc |= e.tags | {"private"}
        if rng.random() < 0.5:
            self.scalar(LONG, tmp, None)
            self.L.add("clause", tmp, "private(%s)" % tmp)
            return Stmt(["%s = %s;" % (tmp, C.strip(e.text)), line])
        return Stmt(["{", "  long %s = %s;" % (tmp, C.strip(e.text)), "  " + line, "}"])

    def add_firstprivate(self):
        name = self.local("fp")
        v = self.rng.randint(-9, 9)
        self.scalar(INT, name, str(v))
        self.L.add("clause", name, "firstprivate(%s)" % name)
        self.fp.append(C.tagged(C.var(name, INT, v, v), "private"))

    def stmt_data_clause(self):
        """A write at c*i + d + i % c, inside the section out(a[c*i + d : c])."""
        rng = self.rng
        ones = [v for v in self.writable() if v.arr.wcoef is None and v.off == 0]
        if not ones or self.sparse or self.iv.lo < 0 or C.promote(self.iv.t) is not INT:
            return None
        v = rng.choice(ones)
        c, d = rng.choice([2, 3, 4]), rng.randint(0, 3)
        base = self.affine(c, d)
        sub = C.binop("+", base, C.binop("%", self.iv, C.lit(c))) if base is not None else None
        if sub is None:
            return None
        line = self.store(v, [sub], self.value(1))
        if line is None:
            return None
        v.arr.wcoef, v.arr.closed = c, True
        self.L.add("clause", v.name, "out(%s[%s:%d])" % (v.name, base.text.replace(" ", ""), c))
        self.acc.add("dataclauses")
        return Stmt([line])

    def stmt_dep(self):
        """The 'deps' class: a statement that makes the loop not parallel, which lsc must refuse."""
        rng = self.rng
        kind = rng.choice(["carried", "scalar", "collide", "redread"])
        if kind == "scalar":
            name = self.local("w")
            self.scalar(LONG, name, "0")
            self.L.post_hash.append((name, LONG))
            e = self.value(1, int_only=True)
            self.acc |= e.tags | {"deps"}
            return Stmt(["%s = %s;" % (name, C.strip(e.text))])
        ones = [v for v in self.writable() if not v.arr.et.floating]
        if not ones or self.sparse:
            return None
        v = rng.choice(ones)
        self.clamp_values(v.arr)  # other iterations' values reach this one
        if kind == "carried":
            sub = self.write_sub(v)
            if sub is None:
                return None
            k = rng.choice([-2, -1, 1, 2, 3])
            other = C.binop("+", sub, C.lit(k)) if k > 0 else C.binop("-", sub, C.lit(-k))
            src = v.elem([other]) if other is not None and other.lo + v.off >= 0 else None
            line = self.store(v, [sub], C.binop("+", src, C.lit(1)) if src is not None else None)
        elif kind == "collide":
            sub = C.binop("/", self.iv_value(), C.lit(rng.choice([2, 3])))
            low = self.lowest(v)
            if sub is not None and sub.lo != low:
                sub = C.binop("+", sub, C.lit(low - sub.lo)) if sub.lo < low else C.binop("-", sub, C.lit(sub.lo - low))
            line = self.store(v, [sub], self.value(1)) if sub is not None else None
            if line is not None:
                v.arr.closed = True
        else:
            sub = self.write_sub(v)
            if sub is None:
                return None
            name = self.reduction_var(LONG, "0", "+")
            e = self.value(1, int_only=True)
            T = max(self.L.trip, 1)
            line = self.store(v, [sub], C.opaque(name, LONG, T * min(e.lo, 0), T * max(e.hi, 0)))
            if line is None:
                return None
            self.acc |= e.tags | {"deps", "reduction"}
            return Stmt(["%s += %s;" % (name, C.strip(e.text)), line])
        if line is None:
            return None
        self.acc.add("deps")
        return Stmt([line])

    def gen_body(self):
        rng = self.rng
        kinds = [("assign", 5)]
        if self.has("multidim"):
            kinds.append(("inner", 2))
        if self.has("unions"):
            kinds.append(("union", 3))
        if self.has("reduction") or self.has("fpreduction"):
            kinds.append(("reduce", 3))
        if self.has("private"):
            kinds.append(("temp", 1))
            if rng.random() < 0.3:
                self.add_firstprivate()
        if self.has("dataclauses"):
            kinds.append(("data", 1))
        if self.has("deps") and rng.random() < 0.5:
            kinds.append(("dep", 2))
        fns = {"assign": self.stmt_assign, "inner": self.stmt_inner, "union": self.stmt_union, "reduce": self.stmt_reduce,
               "temp": self.stmt_temp, "data": self.stmt_data_clause, "dep": self.stmt_dep}
        if self.sparse:
            kinds = [("sum", 1)]
            fns["sum"] = self.stmt_sum_iv
        total = sum(w for _, w in kinds)
        n = rng.choice([1, 1, 2, 2, 3, 4])
        for _ in range(n * 3):
            if len(self.L.stmts) >= n:
                break
            r = rng.uniform(0, total)
            for kind, w in kinds:
                r -= w
                if r <= 0:
                    break
            self.acc = set()
            s = fns[kind]()
            if s is not None:
                s.tags |= self.acc
                self.L.stmts.append(s)
        if not self.L.stmts:
            self.acc = set()
            s = self.stmt_assign() or self.stmt_sum_iv()
            s.tags |= self.acc
            self.L.stmts.append(s)

    def gen_pragma(self):
        rng, L = self.rng, self.L
        if self.has("clauses"):
            used = set()
            for _ in range(rng.randint(1, 3)):
                kind = rng.choice(["schedule", "alpha", "weights", "workload", "threads"])
                if kind in used:
                    continue
                used.add(kind)
                val = {"schedule": lambda: rng.choice(SCHEDULES + ["runtime"]),
                       "alpha": lambda: rng.choice(["0", "50", "75", "100", "auto"]),
                       "weights": lambda: rng.choice(["clock", "load", "measured", "equal"]),
                       "workload": lambda: rng.choice(["uniform", "increasing(1,1)", "decreasing(2,1)",
                                                       "irregular"]),
                       "threads": lambda: rng.choice(["1", "2", "auto"])}[kind]()
                L.items.insert(0, Item("clause", None, "%s(%s)" % (kind, val), always=True))
            self.use("clauses")
        if self.has("pragma_macro") and rng.random() < 0.6:
            L.pragma_kind = "macro"
            self.use("pragma_macro")
        elif self.has("pragma_op") and rng.random() < 0.6:
            L.pragma_kind = "op"
            self.use("pragma_op")

    def build(self):
        self.gen_iv()
        self.setup_data()
        self.gen_body()
        self.gen_pragma()
        for a in self.L.arrays:
            a.dims = [n + (a.slack if k == 0 else 0) for k, n in enumerate(a.need)]
            if a.storage == "global":
                a.decl_item.lines = ["static %s %s%s;" % (a.et.name, a.name, "".join("[%d]" % n for n in a.dims))]
        return self.L


def _constant_compare(op, b, t):
    """True when `i op b` has the same value for every value of t."""
    lo, hi = t.min, t.max
    return {"<": b <= lo or b > hi, "<=": b < lo or b >= hi, ">": b >= hi or b < lo,
            ">=": b > hi or b <= lo, "!=": b < lo or b > hi}[op]


def _is_name(text):
    return re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", text) is not None


PRELUDE = r"""/* Generated by test/fuzz/gen.py (seed %(seed)s, program %(prog)d): %(n)d loops, each in its own region;
   every loop prints `loop N <hash of what it wrote>`. Build sequentially or through lsc-rewrite. */
#define _DEFAULT_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long fz_hash(unsigned long h, unsigned long v) { return (h ^ v) * 1099511628211UL; }
static void fz_report(int id, unsigned long h) {
  printf("loop %%d %%016lx\n", id, h);
  fflush(stdout);
}
"""


class Program:
    """A generated program: its loops and how to print it."""

    def __init__(self, seed, index, loops):
        self.seed, self.index, self.loops = seed, index, loops

    def render(self, marked=None, verbose=False, drops=None, only=None):
        """(text, {loop id: (first line, last line, pragma line, for line)}), lines numbered from 1.

        marked: loop ids that keep their pragma (default all); only: loop ids to include (default all);
        drops: {loop id: statement indices to leave out}."""
        loops = [l for l in self.loops if only is None or l.lid in only]
        lines = (PRELUDE % {"seed": self.seed, "prog": self.index, "n": len(loops)}).splitlines()
        where = {}
        for l in loops:
            body, pragma_at, for_at = l.render(marked is None or l.lid in marked, verbose,
                                               (drops or {}).get(l.lid, ()))
            start = len(lines) + 1
            lines += body
            where[l.lid] = (start, len(lines), start + pragma_at, start + for_at)
        lines.append("")
        lines.append("static void (*const fz_loops[])(void) = {%s};" % ", ".join("fz_loop%d" % l.lid for l in loops))
        lines.append("")
        lines.append("int main(int argc, char **argv) {")
        lines.append("  int n = (int)(sizeof fz_loops / sizeof fz_loops[0]);")
        lines.append("  int from = argc > 1 ? atoi(argv[1]) : 0, to = argc > 2 ? atoi(argv[2]) : n;")
        lines.append("  for (int k = from; k < to && k < n; k++)")
        lines.append("    fz_loops[k]();")
        lines.append("  return 0;")
        lines.append("}")
        return "\n".join(lines) + "\n", where


def generate(seed, index, nloops, features, first_id=0):
    """Program `index` of a run with this seed: nloops loops numbered from first_id."""
    rng = random.Random("lsc-fuzz:%s:%d" % (seed, index))
    loops = []
    for k in range(nloops):
        lrng = random.Random(rng.getrandbits(64))
        loops.append(Builder(lrng, first_id + k, features).build())
    return Program(seed, index, loops)
