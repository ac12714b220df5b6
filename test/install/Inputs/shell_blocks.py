#!/usr/bin/env python3
"""Prints the ```sh blocks of a Markdown file, in order, as one bash script that stops at the first failure.

test/install/tutorial.test runs docs/tutorial.md through this, so the tutorial's commands are the test's.
Blocks of other languages (```c, ```text) are the page's illustrations and are not run. With
--after TEXT, only the first ```sh block after the first line holding TEXT (test/install/readme-recipe.test
runs the README's by-hand recipe this way). With --info INFO, the blocks opened by ```INFO instead (the
tutorial's cluster section is fenced ```sh cluster: test/cluster/ runs it on the namespace cluster, not here).
"""
import sys


def shell_blocks(lines, info="sh"):
    blocks, current = [], None
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if current is None and stripped == "```" + info:
            current = (number, [])
        elif current is not None and stripped == "```":
            blocks.append(current)
            current = None
        elif current is not None:
            current[1].append(line.rstrip("\n"))
    if current is not None:
        sys.exit("%s: the ```sh block opened at line %d is never closed" % (sys.argv[1], current[0]))
    return blocks


def main():
    args = sys.argv[1:]
    after, info = None, "sh"
    while len(args) >= 3 and args[0] in ("--after", "--info"):
        if args[0] == "--after":
            after = args[1]
        else:
            info = args[1]
        args = args[2:]
    if len(args) != 1:
        sys.exit("usage: shell_blocks.py [--after TEXT] [--info INFO] FILE.md")
    sys.argv[1:] = args
    with open(sys.argv[1]) as f:
        lines = f.readlines()
    blocks = shell_blocks(lines, info)
    if after is not None:
        marks = [n for n, line in enumerate(lines, 1) if after in line]
        blocks = [b for b in blocks if marks and b[0] > marks[0]][:1]
    if not blocks:
        sys.exit("%s: no ```sh blocks%s" % (sys.argv[1], " after '%s'" % after if after else ""))
    print("set -euo pipefail")
    for number, body in blocks:
        # Shown in the transcript, so a failure names the tutorial's line.
        print("echo '### %s:%d'" % (sys.argv[1], number))
        print("\n".join(body))


if __name__ == "__main__":
    main()
