"""C integer semantics and a small expression IR for the lsc fuzzer, with exact value intervals.

Approach: the generator never guesses whether a C expression is well defined. Every expression it writes is
built from the constructors below, which track the expression's C type (integer promotions and the usual
arithmetic conversions, as C11 6.3.1 defines them on x86-64 Linux) and the interval of mathematical values
it can take. A constructor returns None when some value would be undefined (signed overflow, division by
zero, a narrowing conversion outside the target's range, which is implementation-defined) or when an
unsigned operation would wrap and the caller asked for no wrap-around. The generator then tries another
shape. Subscripts are checked the same way against the array's extent, so in-bounds is true by
construction; the sanitizer build of every sequential program double-checks it.

Intervals are exact for affine expressions of one variable (what subscripts mostly are) and conservative
(wider) otherwise, which only makes the generator reject more candidates.
"""


class CType:
    """An arithmetic C type: spelling, width, signedness and conversion rank (0 for double)."""

    def __init__(self, name, bits, signed, rank, suffix="", floating=False):
        self.name, self.bits, self.signed, self.rank = name, bits, signed, rank
        self.suffix, self.floating = suffix, floating

    @property
    def min(self):
        if self.floating:
            return -(1 << 50)
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def max(self):
        if self.floating:
            return 1 << 50  # integer values that doubles hold exactly, with room for sums
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    def fits(self, lo, hi):
        return self.min <= lo and hi <= self.max

    def __repr__(self):
        return self.name


SCHAR = CType("signed char", 8, True, 1)
UCHAR = CType("unsigned char", 8, False, 1)
CHAR = CType("char", 8, True, 1)  # plain char is signed on x86-64 gcc and clang
SHORT = CType("short", 16, True, 2)
USHORT = CType("unsigned short", 16, False, 2)
INT = CType("int", 32, True, 3)
UINT = CType("unsigned", 32, False, 3, "u")
LONG = CType("long", 64, True, 4, "L")
ULONG = CType("unsigned long", 64, False, 4, "UL")
LLONG = CType("long long", 64, True, 5, "LL")
ULLONG = CType("unsigned long long", 64, False, 5, "ULL")
DOUBLE = CType("double", 64, True, 99, floating=True)

# The same types under their <stddef.h>/<stdint.h> names (semantics of the underlying type, spelling kept).
def alias(name, base):
    return CType(name, base.bits, base.signed, base.rank, base.suffix, base.floating)


SIZE_T = alias("size_t", ULONG)
PTRDIFF_T = alias("ptrdiff_t", LONG)
INT8 = alias("int8_t", SCHAR)
UINT8 = alias("uint8_t", UCHAR)
INT16 = alias("int16_t", SHORT)
UINT16 = alias("uint16_t", USHORT)
INT32 = alias("int32_t", INT)
UINT32 = alias("uint32_t", UINT)
INT64 = alias("int64_t", LONG)
UINT64 = alias("uint64_t", ULONG)

INTEGER_TYPES = [CHAR, SCHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG, LLONG, ULLONG,
                 SIZE_T, PTRDIFF_T, INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64]
SIGNED_TYPES = [t for t in INTEGER_TYPES if t.signed]
UNSIGNED_TYPES = [t for t in INTEGER_TYPES if not t.signed]

_CANON = {}
for _t in (SCHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG, LLONG, ULLONG):
    _CANON[(_t.bits, _t.signed, _t.rank)] = _t


def canon(t):
    """The builtin type behind a typedef name (plain char counts as signed char for arithmetic)."""
    if t.floating:
        return DOUBLE
    return _CANON[(t.bits, t.signed, t.rank)]


def promote(t):
    """Integer promotions: every type of rank below int becomes int."""
    if t.floating:
        return DOUBLE
    return INT if t.rank < INT.rank else canon(t)


def common(a, b):
    """The usual arithmetic conversions (C11 6.3.1.8)."""
    if a.floating or b.floating:
        return DOUBLE
    a, b = promote(a), promote(b)
    if a.rank == b.rank and a.signed == b.signed:
        return a
    if a.signed == b.signed:
        return a if a.rank > b.rank else b
    u, s = (a, b) if not a.signed else (b, a)
    if u.rank >= s.rank:
        return u
    if s.bits > u.bits:
        return s
    return _CANON[(s.bits, False, s.rank)]


def convert(v, t):
    """The value v converted to t, and whether that wrapped (unsigned) or was implementation-defined."""
    if t.floating:
        return v, False
    if t.min <= v <= t.max:
        return v, False
    m = 1 << t.bits
    w = v % m
    if t.signed and w > t.max:
        w -= m
    return w, True


def c_div(a, b):
    """C's division, truncating toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def c_mod(a, b):
    return a - b * c_div(a, b)


def literal(v, t=INT):
    """A literal of type t (or of int when t is narrower) with value v; negative values get parentheses."""
    if t.floating:
        text = "%d.0" % v
    else:
        pt = promote(t)
        text = "%d%s" % (abs(v), pt.suffix)
        if v < 0:
            text = "-" + text
    if v < 0:
        text = "(" + text + ")"
    return text


class Expr:
    """A C expression: its text (parenthesised when compound), C type and value interval [lo, hi]."""

    def __init__(self, text, t, lo, hi, atoms=(), tags=()):
        self.text, self.t, self.lo, self.hi = text, t, lo, hi
        self.atoms = frozenset(atoms)  # names it reads: variables and arrays
        self.tags = frozenset(tags)  # the fuzzer's feature classes it uses, carried up to the statement

    def __repr__(self):
        return "Expr(%s : %s in [%d, %d])" % (self.text, self.t, self.lo, self.hi)


def lit(v, t=INT):
    t = promote(t)
    return Expr(literal(v, t), t, v, v)


def var(name, t, lo, hi):
    """A variable (or any opaque expression) of type t whose value lies in [lo, hi]."""
    return Expr(name, t, lo, hi, {name})


def cast(t, e, allow_wrap=False):
    """(t)e; None when a value would not fit (wrap-around is allowed only to unsigned and when asked)."""
    if e is None:
        return None
    if t.floating:
        return Expr("(%s)%s" % (t.name, e.text), t, e.lo, e.hi, e.atoms, e.tags)
    if e.t.floating and not t.fits(e.lo, e.hi):
        return None  # out-of-range floating to integer is undefined
    if not t.fits(e.lo, e.hi):
        if not allow_wrap or t.signed:
            return None
        return Expr("(%s)%s" % (t.name, e.text), t, t.min, t.max, e.atoms, e.tags)
    return Expr("(%s)%s" % (t.name, e.text), t, e.lo, e.hi, e.atoms, e.tags)


def _corners(op, a, b):
    vals = [op(x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
    return min(vals), max(vals)


def binop(op, a, b, allow_wrap=False):
    """a op b for op in + - * / % & | ^; None when some value is undefined or (unless allowed) wraps.

    With allow_wrap, an unsigned result may wrap: the interval then becomes the type's whole range."""
    if a is None or b is None:
        return None
    t = common(a.t, b.t)
    atoms, tags = a.atoms | b.atoms, a.tags | b.tags
    text = "(%s %s %s)" % (a.text, op, b.text)
    # Operands are converted to t first: a negative operand of an unsigned operation wraps.
    for e in (a, b):
        if not t.floating and not t.fits(e.lo, e.hi):
            if t.signed or not allow_wrap:
                return None
            return Expr(text, t, t.min, t.max, atoms, tags)
    if op == "+":
        lo, hi = a.lo + b.lo, a.hi + b.hi
    elif op == "-":
        lo, hi = a.lo - b.hi, a.hi - b.lo
    elif op == "*":
        lo, hi = _corners(lambda x, y: x * y, a, b)
    elif op in ("/", "%"):
        if t.floating or b.lo != b.hi or b.lo == 0:
            return None  # only by a nonzero constant, and not in floating point (inexact)
        d = b.lo
        if op == "/":
            lo, hi = sorted((c_div(a.lo, d), c_div(a.hi, d)))
        else:
            m = abs(d) - 1
            ad = abs(d)
            if a.lo >= 0:
                same_block = a.lo // ad == a.hi // ad
                lo, hi = (a.lo % ad, a.hi % ad) if same_block else (0, min(a.hi, m))
            elif a.hi <= 0:
                same_block = (-a.hi) // ad == (-a.lo) // ad
                lo, hi = (-((-a.lo) % ad), -((-a.hi) % ad)) if same_block else (max(a.lo, -m), 0)
            else:
                lo, hi = max(a.lo, -m), min(a.hi, m)
    elif op in ("&", "|", "^"):
        if t.floating:
            return None
        if op == "&" and b.lo == b.hi and b.lo >= 0:
            lo, hi = 0, b.lo if a.lo < 0 else min(a.hi, b.lo)
        elif op == "&" and a.lo == a.hi and a.lo >= 0:
            lo, hi = 0, a.lo if b.lo < 0 else min(b.hi, a.lo)
        elif a.lo >= 0 and b.lo >= 0:
            top = (1 << max(a.hi, b.hi).bit_length()) - 1
            lo, hi = 0, (min(a.hi, b.hi) if op == "&" else top)
        else:
            return None
    else:
        raise ValueError(op)
    if not t.fits(lo, hi):
        if t.signed or not allow_wrap:
            return None
        return Expr(text, t, t.min, t.max, atoms, tags)
    return Expr(text, t, lo, hi, atoms, tags)


def neg(a):
    if a is None:
        return None
    t = promote(a.t)
    if not t.fits(-a.hi, -a.lo):
        return None
    return Expr("(-%s)" % a.text, t, -a.hi, -a.lo, a.atoms, a.tags)


def compare(op, a, b):
    """a op b, an int 0 or 1; None when the operands' signedness differs (gcc's -Wsign-compare)."""
    if a is None or b is None:
        return None
    t = common(a.t, b.t)
    if not t.floating and (promote(a.t).signed != promote(b.t).signed):
        return None
    for e in (a, b):
        if not t.floating and not t.fits(e.lo, e.hi):
            return None
    # A comparison whose value the intervals decide is constant: gcc may warn (-Wtype-limits), and it
    # tests nothing.
    always = {"<": (a.hi < b.lo, a.lo >= b.hi), ">": (a.lo > b.hi, a.hi <= b.lo),
              "<=": (a.hi <= b.lo, a.lo > b.hi), ">=": (a.lo >= b.hi, a.hi < b.lo),
              "==": (a.lo == a.hi == b.lo == b.hi, a.hi < b.lo or b.hi < a.lo),
              "!=": (a.hi < b.lo or b.hi < a.lo, a.lo == a.hi == b.lo == b.hi)}[op]
    if any(always):
        return None
    return Expr("(%s %s %s)" % (a.text, op, b.text), INT, 0, 1, a.atoms | b.atoms, a.tags | b.tags)


def ternary(c, a, b):
    """c ? a : b, in the common type of a and b."""
    if c is None or a is None or b is None:
        return None
    t = common(a.t, b.t)
    if promote(a.t).signed != promote(b.t).signed and not t.floating:
        return None
    for e in (a, b):
        if not t.floating and not t.fits(e.lo, e.hi):
            return None
    return Expr("(%s ? %s : %s)" % (c.text, a.text, b.text), t, min(a.lo, b.lo), max(a.hi, b.hi),
                c.atoms | a.atoms | b.atoms, c.tags | a.tags | b.tags)


def opaque(text, t, lo, hi, atoms=(), tags=()):
    """An expression built elsewhere (a call, a macro use, an element read) with a known interval."""
    return Expr(text, t, lo, hi, atoms, tags)


def tagged(e, *tags):
    """e, marked as using the given feature classes."""
    if e is None:
        return None
    return Expr(e.text, e.t, e.lo, e.hi, e.atoms, e.tags | set(tags))


def strip(text):
    """Drops one pair of outer parentheses when they enclose the whole text."""
    if text.startswith("(") and text.endswith(")"):
        depth = 0
        for k, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and k < len(text) - 1:
                return text
        return text[1:-1]
    return text
