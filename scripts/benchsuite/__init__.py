"""The pieces of scripts/bench-suite.py: build, run, check, simulate, report (see each module)."""
