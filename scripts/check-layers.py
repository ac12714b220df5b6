#!/usr/bin/env python3
"""Checks that the sources include headers in one direction only: a stage or layer never includes a header of
one that comes after it (docs/design.md, "Layout").

Every quoted include names its folder (`#include "analyse/result.h"`), so the folder of the included file is
read off the include itself. Two rules:
  1. Between folders: a file may include headers of its own folder or of folders below it, never above.
  2. Inside the rewriter's folders: no cycle between files (a.c including b.h while b.c includes a.h, or
     longer), so every stage reads as a sequence of steps.
Prints one line per violation and exits 1 when there is any; with --list it prints the layers it knows.
Only Python's standard library is used.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Bottom first. Folders on one line share a level: they may include each other's headers.
LAYERS = {
    "tool/rewrite": [["support"], ["find"], ["clause"], ["analyse"], ["plan"], ["emit"], ["driver"]],
    "runtime": [["sched"], ["data"], ["config", "obs"], ["transport"], ["exec"]],
}
# Files directly in a component's root folder and the level they sit at: runtime/fatal.h is used by every
# layer (it only prints and aborts), runtime/state.h is the process state the transport and exec share.
ROOT_FILES = {
    "runtime": {"fatal.h": 0, "fatal.c": 0, "state.h": 3},
}
# Headers reached through an include path rather than a folder (the public header, the schemes' header).
EXTERNAL = {"lsc.h", "lsc_sched.h", "lsc_pipeline_model.h"}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def levels(component):
    table = {}
    for level, names in enumerate(LAYERS[component]):
        for name in names:
            table[name] = level
    return table


def folder_of(component, rel):
    """The top folder of a path relative to the component, or None for a root file."""
    parts = rel.split("/")
    return parts[0] if len(parts) > 1 else None


def level_of(component, rel):
    table = levels(component)
    folder = folder_of(component, rel)
    if folder is None:
        return ROOT_FILES.get(component, {}).get(rel)
    return table.get(folder)


def sources(component):
    base = os.path.join(ROOT, component)
    for dirpath, _, files in os.walk(base):
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                yield os.path.relpath(os.path.join(dirpath, f), base)


def check_component(component, problems):
    base = os.path.join(ROOT, component)
    graph = {}
    for rel in sources(component):
        own = level_of(component, rel)
        if own is None:
            problems.append("%s/%s: not in any layer of %s (add its folder to scripts/check-layers.py)" %
                            (component, rel, component))
            continue
        text = open(os.path.join(base, rel), encoding="utf-8", errors="replace").read()
        unit = os.path.splitext(rel)[0]
        for line_no, target in ((text.count("\n", 0, m.start()) + 1, m.group(1)) for m in INCLUDE.finditer(text)):
            if os.path.basename(target) in EXTERNAL or target.endswith(".in"):
                continue
            if not os.path.exists(os.path.join(base, target)):
                # Generated headers (lsc_cc_config.h) and test-only paths are not layered.
                continue
            theirs = level_of(component, target)
            if theirs is None:
                continue
            if theirs > own:
                problems.append("%s/%s:%d: includes \"%s\", a layer above its own (%s)" %
                                (component, rel, line_no, target, folder_of(component, rel) or "root"))
            graph.setdefault(unit, set()).add(os.path.splitext(target)[0])
    return graph


def find_cycle(graph):
    """A cycle of units as a list, or None."""
    state, stack = {}, []

    def visit(u):
        state[u] = 1
        stack.append(u)
        for v in sorted(graph.get(u, ())):
            if v == u:
                continue
            if state.get(v) == 1:
                return stack[stack.index(v):] + [v]
            if v not in state:
                found = visit(v)
                if found:
                    return found
        stack.pop()
        state[u] = 2
        return None

    for u in sorted(graph):
        if u not in state:
            found = visit(u)
            if found:
                return found
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", action="store_true", help="print the layers and exit")
    ap.add_argument("--root", help="check this tree instead of the repository (tests use a small fake tree)")
    args = ap.parse_args()
    global ROOT
    if args.root:
        ROOT = os.path.abspath(args.root)
    if args.list:
        for component, layers in LAYERS.items():
            print("%s: %s" % (component, " -> ".join("/".join(l) for l in reversed(layers))))
        return 0
    problems = []
    for component in LAYERS:
        if not os.path.isdir(os.path.join(ROOT, component)):
            continue
        graph = check_component(component, problems)
        if component == "tool/rewrite":
            cycle = find_cycle(graph)
            if cycle:
                problems.append("tool/rewrite: include cycle: %s" % " -> ".join(cycle))
    for p in problems:
        print(p)
    if problems:
        print("%d layering problem%s" % (len(problems), "" if len(problems) == 1 else "s"))
        return 1
    print("layers: every include goes down (%s)" % ", ".join(LAYERS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
