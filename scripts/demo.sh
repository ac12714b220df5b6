#!/usr/bin/env bash
# `make demo`: the demo is scripts/demo.py (Python 3 standard library); this wrapper keeps the old entry point.
#   scripts/demo.sh [build-dir] [demo.py options: --bodies N --runs R]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
[ $# -gt 0 ] && shift
exec python3 "$root/scripts/demo.py" --build "$build" "$@"
