#!/bin/sh
# Stands in for lsc-rewrite where a test checks what lsc-cc hands the rewriter and what it does with the
# rewriter's answer: records its arguments in $RECORD, prints a clang-style error naming the input, exits 1.
printf '%s\n' "$@" > "$RECORD"
echo "$1:3:1: error: recorded by the test rewriter" >&2
exit 1
