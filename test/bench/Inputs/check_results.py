"""Checks a bench-suite results folder is well-formed: results.md's tables have one cell per column in every
row, every figure it links exists, and every SVG parses as XML with an <svg> root. Timings are not checked.
Prints one line per problem and exits 1 if there is any; prints `results OK: ...` otherwise."""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET


def cells(line):
    return line.strip().strip("|").split("|")


def check_markdown(path, problems):
    lines = open(path).read().splitlines()
    tables = 0
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and re.match(r"^\|(---\|)+$", lines[i + 1]):
            width, tables = len(cells(lines[i])), tables + 1
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                if len(cells(lines[i])) != width:
                    problems.append("%s:%d: %d cells, the header has %d" % (path, i + 1, len(cells(lines[i])),
                                                                             width))
                i += 1
        else:
            i += 1
    for link in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", "\n".join(lines)):
        if not os.path.exists(os.path.join(os.path.dirname(path), link)):
            problems.append("%s: links %s, which does not exist" % (path, link))
    return tables


def check_svg(path, problems):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        problems.append("%s: not well-formed XML: %s" % (path, e))
        return
    if root.tag != "{http://www.w3.org/2000/svg}svg" or not root.get("width") or not root.get("height"):
        problems.append("%s: the root is not an <svg> with a width and a height" % path)
    if not any(el.tag.endswith(("rect", "circle")) for el in root.iter()):
        problems.append("%s: draws nothing" % path)


def main(folder):
    problems = []
    md = os.path.join(folder, "results.md")
    if not os.path.exists(md):
        print("%s: missing" % md)
        return 1
    tables = check_markdown(md, problems)
    svgs = sorted(glob.glob(os.path.join(folder, "*.svg")))
    for path in svgs:
        check_svg(path, problems)
    if not svgs:
        problems.append("%s: no SVG figure" % folder)
    for p in problems:
        print(p)
    if not problems:
        print("results OK: %d tables, %d figures" % (tables, len(svgs)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
