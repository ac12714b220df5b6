#!/bin/sh
# Stands in for lsc-rewrite where a test needs a rewrite that succeeds whatever the real rewriter is doing:
# `copying-rewriter.sh IN -o OUT -- FLAGS...` copies IN to OUT.
cp "$1" "$3"
