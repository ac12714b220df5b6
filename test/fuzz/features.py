"""The fuzzer's feature classes, in one place, and which of them lsc is known to get wrong today.

Approach: a feature class is a family of program shapes the generator may use in a loop (a type of induction
variable, a kind of subscript, a kind of call...). `--features` turns classes on and off; every loop is
tagged with the classes it actually uses, and the fuzzer's table is broken down by those tags. `base` (an
`int` induction variable counting up by one over local 1-D arrays with affine subscripts) is always on.
"""

# name -> what the generator does with it
FEATURES = {
    "base": "int i = lo; i < hi; i++ over local 1-D arrays, affine subscripts c*i + d (always on)",
    "ivtypes": "induction variables of every integer type (char ... unsigned long long, size_t, intN_t), "
               "negative bounds, bounds of another type than the variable",
    "ivlimits": "induction variables whose values lie near the limits of their type (INT_MAX - 100, ...)",
    "steps": "steps other than 1, down-counting loops, <= > >= != conditions, mirrored conditions, "
             "steps from variables and macros",
    "varstart": "the induction variable starts from a variable (int lo = ...; for (T i = lo; ...)), "
                "converted when its type differs",
    "ivout": "the induction variable declared before the loop, its final value checked afterwards",
    "nonaffine": "non-affine read subscripts: index arrays, i*i % K, i / 3, i % 5, i & 7",
    "symbolic": "subscripts with loop-invariant names (a[i + off]), bounds from variables",
    "multidim": "2-D arrays, inner loops (rectangular and triangular), column reads, flattened a[i*M + j]",
    "unions": "footprints that are unions of slices: a symmetric update (a[i][j], a[j][i] for j >= i) and "
              "column writes (a[j][i] for every j), on 2-D arrays",
    "globals": "global arrays and scalars",
    "vla": "variable-length arrays",
    "negindex": "negative subscripts through a derived pointer (p = a + 5; ... p[i - 3]), reaching elements "
                "before the one it points at",
    "params": "the loop in a function that receives the arrays as pointer parameters (distinct arrays)",
    "derived": "derived pointers (p = a + k, &a[k], casts, copies) through which the loop reaches an array "
               "it does not also reach by another name",
    "reduction": "integer reductions: + * min max & | ^ && ||, in every update form",
    "fpreduction": "double arrays and double reductions (+ min max) over integer values, exact in any order",
    "private": "body-local temporaries, private(x) and firstprivate(x) clauses",
    "cond": "conditional writes (if / else) in the body",
    "constglobals": "static const global tables read by the loop, directly or through a same-file callee",
    "calls": "calls to same-file functions: pure, static const tables, reading globals, const pointer "
             "arguments, calls through other helpers",
    "macros": "object-like and function-like macros in bounds, steps, subscripts and bodies",
    "pragma_op": "the pragma written as _Pragma(\"lsc parallel for ...\")",
    "clauses": "schedule/alpha/weights/workload/threads clauses on the pragma",
    "dataclauses": "in/out/inout data clauses (strided writes within an out section)",
    "deps": "loops that are not parallel (carried dependences, written scalars, colliding writes): "
            "lsc must refuse them",
    # Known to be wrong today (issue 12 items 1-4); kept out of `make check` until they are fixed.
    "alias": "one array reached through two names in a loop: the array and a pointer into it, two "
             "pointers into it, or the same array passed for two pointer parameters",
    "wrap": "unsigned induction variables whose bounds convert with wrap-around or that end by "
            "wrapping around (size_t i = n - 1; i < n; i--)",
    "statics": "callees with mutable static locals, or that write a global",
    "rand": "bodies that call rand(), random() or drand48() after seeding",
    "pragma_macro": "_Pragma(\"lsc parallel for\") inside a #define",
}

# Known-wrong classes: lsc gives a different answer (or skips the pragma silently) on these today. None at
# present. History (each fix has a regression test):
#   alias, negindex   issue 12 item 1: run-time overlap check, subscripts below element 0 (found/derived-negative-index.c)
#   wrap              issue 12 item 2 (induction variables as C defines them)
#   statics, rand     issue 12 item 3 (hidden state)
#   pragma_macro      issue 12 item 4 (no pragma passes silently)
#   varstart          a realloc of the variable table under the footprint step's pointers (found/var-start-*.c;
#                     the sanitized rewriter now runs in the fuzzer, and the table is frozen during that step)
#   constglobals      const at any array level (found/const-table.c)
#   rand (drand48...) lsc.h included above the user's feature-test macros (test/rewrite/feature_test_macros.c)
# When a class finds a bug, list it here with the bug; `make check` leaves it out until the fix lands and
# `make fuzz FEATURES=all` reports 0 WRONG for it.
# The order is the one in which a WRONG loop that uses several of them is charged to one (a pragma that is
# not rewritten hides everything else; hidden state makes any result differ; ...).
KNOWN_WRONG = []

ALL = list(FEATURES)
DEFAULT = [f for f in ALL if f not in KNOWN_WRONG]


def primary(classes):
    """The known-wrong class a WRONG loop using these classes is charged to (None: a new bug)."""
    for c in KNOWN_WRONG:
        if c in classes:
            return c
    return None


def parse(spec):
    """A --features value: 'default', 'all', or a comma list of classes; '+x' adds, '-x' removes.

    Examples: 'default', 'all', 'base,steps', 'default,+alias', 'all,-rand'."""
    chosen = []
    for part in [p.strip() for p in spec.split(",") if p.strip()]:
        if part in ("all", "default", "known-wrong"):
            group = {"all": ALL, "default": DEFAULT, "known-wrong": KNOWN_WRONG}[part]
            chosen += [f for f in group if f not in chosen]
        elif part.startswith("-"):
            if part[1:] not in FEATURES:
                raise ValueError("unknown feature class '%s'" % part[1:])
            chosen = [f for f in chosen if f != part[1:]]
        else:
            name = part.lstrip("+")
            if name not in FEATURES:
                raise ValueError("unknown feature class '%s' (known: %s)" % (name, ", ".join(ALL)))
            if name not in chosen:
                chosen.append(name)
    if "base" not in chosen:
        chosen.insert(0, "base")
    return chosen
