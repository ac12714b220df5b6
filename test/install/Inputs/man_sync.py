#!/usr/bin/env python3
"""Checks that a rendered man page documents everything its program or its sources define.

  man_sync.py options HELP PAGE          every option of a program's --help output
  man_sync.py clauses CLAUSES PAGE       every clause of `lsc-rewrite --print-clauses`, as `name(`
  man_sync.py variables PAGE SOURCE...   every LSC_* variable of docs/runtime.md's table (rows "| `LSC_X` |")
                                         and of the runtime's reader (get("LSC_X") in runtime/config/env.c)

PAGE is the page as `man -l` renders it (plain text). Each name must appear as a whole word: `--showme`
is not found inside `--showme:compile`, nor `-o` inside `--output`. Prints one line per missing name and
exits 1; prints `ok: N <kind>` and exits 0 when none is missing. Finding no name at all is an error too, so a
change of the --help layout cannot make the check pass by finding nothing.
test/install/man-pages.test runs it, so a new option, clause or variable without documentation fails there.
Only the python3 standard library is used.
"""
import re
import sys

# A word ends at any character that could continue an option, a clause or a variable name.
NAME_CHAR = r"[A-Za-z0-9_:-]"


def help_options(text):
    """The options a --help text lists: every --long option anywhere, with its [:a|:b] suffixes spelled out,
    and the single-dash options that start an indented line of the option list."""
    options = set()
    for m in re.finditer(r"(?<![\w-])(--[A-Za-z][\w-]*)(\[((?::[\w-]+\|?)+)\])?", text):
        options.add(m.group(1))
        if m.group(3):
            options.update(m.group(1) + suffix for suffix in m.group(3).split("|") if suffix)
    for m in re.finditer(r"(?m)^[ \t]+(-[A-Za-z][\w-]*)", text):
        options.add(m.group(1))
    return options


def print_clauses_names(text):
    """The first column of `lsc-rewrite --print-clauses` (name, directives, lsc_site field; tab-separated)."""
    return {line.split("\t", 1)[0].strip() for line in text.splitlines() if line.strip()}


def source_variables(path, text):
    if path.endswith(".md"):
        return set(re.findall(r"(?m)^\|\s*`(LSC_[A-Z_]+)`\s*\|", text))
    return set(re.findall(r"\bget\(\"(LSC_[A-Z_]+)\"\)", text))


def present(name, page, suffix=""):
    pattern = r"(?<!%s)%s%s" % (NAME_CHAR, re.escape(name), suffix or "(?!%s)" % NAME_CHAR)
    return re.search(pattern, page) is not None


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def main(argv):
    if len(argv) < 3 or argv[0] not in ("options", "clauses", "variables"):
        sys.exit(__doc__)
    kind = argv[0]
    if kind == "options":
        if len(argv) != 3:
            sys.exit(__doc__)
        names, page_path, suffix = help_options(read(argv[1])), argv[2], ""
    elif kind == "clauses":
        if len(argv) != 3:
            sys.exit(__doc__)
        names, page_path, suffix = print_clauses_names(read(argv[1])), argv[2], r"\("
    else:
        page_path, names, suffix = argv[1], set(), ""
        for source in argv[2:]:
            names |= source_variables(source, read(source))
    if not names:
        sources = argv[2:] if kind == "variables" else argv[1:2]
        print("man_sync.py: no %s found in %s" % (kind, " ".join(sources)))
        return 1
    page = read(page_path)
    missing = sorted(n for n in names if not present(n, page, suffix))
    for name in missing:
        print("%s: %s is not documented" % (page_path, name))
    if missing:
        return 1
    print("ok: %d %s" % (len(names), kind))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
