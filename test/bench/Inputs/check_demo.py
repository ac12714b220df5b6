"""The demo's output check: a reference that no run prints must make every run fail and the demo exit 1.
Usage: check_demo.py SRC BUILD OUTDIR. Runs the demo at a tiny size with the sequential build's output
replaced after the build (as a build whose rewritten program computed something else would show)."""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(sys.argv[1], "scripts"))
import demo  # noqa: E402


class WrongReference(demo.Demo):
    def build(self):
        super().build()
        self.reference = "not what nbody prints\n"


args = argparse.Namespace(build=sys.argv[2], out=sys.argv[3], bodies=32, runs=1)
status = WrongReference(args).main()
print("exit status %d" % status)
