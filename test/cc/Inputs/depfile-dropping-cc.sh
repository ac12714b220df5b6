#!/bin/sh
# Stands in for mpicc where a test needs a compile that succeeds but whose dependency file ($DROP) lsc-cc then
# cannot use: removed, or, with $REPLACE_WITH, replaced by a link to that file.
mpicc "$@" || exit
rm -f "$DROP"
if [ -n "$REPLACE_WITH" ]; then ln -s "$REPLACE_WITH" "$DROP"; fi
