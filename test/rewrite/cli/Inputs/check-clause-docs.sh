#!/bin/sh
# check-clause-docs.sh CLAUSES PRAGMA_MD
# CLAUSES is the output of `lsc-rewrite --print-clauses` (name, directives, lsc_site field; tab-separated).
# Every clause must be documented in docs/pragma.md for each directive that takes it: in the table of the
# "## Clauses" section for `parallel for`, in the "### Clauses" table of the pipelined nests for
# `pipeline for`, in the "## Data regions" section for the data directives. Prints one line per missing
# clause; exit 1 when any is missing.
clauses=$1
doc=$2
doall=$(sed -n '/^## Clauses/,/^## What/p' "$doc")
pipeline=$(sed -n '/^## Pipelined loop nests/,$p' "$doc" | sed -n '/^### Clauses/,/^### What/p')
regions=$(sed -n '/^## Data regions/,/^## Pipelined/p' "$doc")
tab=$(printf '\t')
count=0
status=0
while IFS="$tab" read -r name directives field; do
  count=$((count + 1))
  case ",$directives," in
  *",parallel for,"*)
    printf '%s\n' "$doall" | grep -q "\`$name(" ||
      { echo "docs/pragma.md: '$name' (parallel for) is missing from the Clauses table"; status=1; } ;;
  esac
  case ",$directives," in
  *",pipeline for,"*)
    printf '%s\n' "$pipeline" | grep -q "\`$name[\`(]" ||
      { echo "docs/pragma.md: '$name' (pipeline for) is missing from the pipelined nests' Clauses table"; status=1; } ;;
  esac
  case ",$directives," in
  *",data,"* | *",update,"* | *",enter data,"* | *",exit data,"*)
    printf '%s\n' "$regions" | grep -q "\`$name(" ||
      { echo "docs/pragma.md: '$name' (data directives) is missing from the Data regions table"; status=1; } ;;
  esac
done <"$clauses"
[ "$count" -gt 0 ] || { echo "no clauses listed"; exit 1; }
[ "$status" = 0 ] && echo "all $count clauses documented"
exit "$status"
