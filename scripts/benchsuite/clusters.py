"""The clusters the suite runs on: the real machine, and [chang-alpha]'s two clusters emulated with LSC_SLOWDOWN.

Emulation: every rank runs on this machine; rank k idles (f_k - 1) x its compute time after each piece of
work (liblsc, and bench/suite/emulate.c for the hand-written baselines), so it delivers 1 / f_k of a core.
f_k = scale x (fastest clock / clock of machine k). Alpha scheduling weighs by CPU clock, as the thesis did,
through LSC_WEIGHTS (one value per rank, the master's first); the D* schemes use the same list as power.

Rank 0 is the thesis' master. liblsc's master computes only when its node has a core for it (LSC_MASTER=auto);
with 5 ranks on 2 cores it serves, like the thesis' master, so f_0 matters only to the hand-written baseline,
whose rank 0 computes a block like everybody else.
"""


class Cluster:
    def __init__(self, name, title, master_mhz, slave_mhz, scale, note):
        self.name, self.title, self.note = name, title, note
        self.master_mhz, self.slave_mhz, self.scale = master_mhz, list(slave_mhz), scale
        fastest = max([master_mhz] + self.slave_mhz)
        self.factors = [round(scale * fastest / mhz, 4) for mhz in [master_mhz] + self.slave_mhz]

    @property
    def ranks(self):
        return 1 + len(self.slave_mhz)

    @property
    def speeds(self):
        """Relative speed of each worker (slave), 1 = an unslowed core of this machine."""
        return [round(1.0 / f, 4) for f in self.factors[1:]]

    @property
    def ideal_speedup(self):
        """The speedup over the sequential loop on one unslowed core that a perfect schedule reaches."""
        return sum(self.speeds)

    def env(self):
        return {
            "LSC_SLOWDOWN": ",".join("%g" % f for f in self.factors),
            "LSC_WEIGHTS": ",".join("%g" % m for m in [self.master_mhz] + self.slave_mhz),
        }

    def describe(self):
        return "%s: master %g MHz, slaves %s MHz; LSC_SLOWDOWN=%s; LSC_WEIGHTS=%s; ideal speedup %.2f" % (
            self.title, self.master_mhz, ", ".join("%g" % m for m in self.slave_mhz),
            self.env()["LSC_SLOWDOWN"], self.env()["LSC_WEIGHTS"], self.ideal_speedup)


# [chang-alpha] Table 3.3: HPC2 (300 MHz Cyrix) is the master; the slaves, fastest first as in the thesis'
# lamhost file: HPC5 1.5 GHz, HPC4 600 MHz, HPC3 233 MHz, HPC1 200 MHz. Their demand on this machine is
# 1 + 1/2.5 + 1/6.44 + 1/7.5 = 1.69 cores: it fits the 2 cores.
EXTREME = Cluster("extreme", "extreme ([chang-alpha] Table 3.3)", 300, [1500, 600, 233, 200], 1.0,
                  "f = 1500 / clock")

# [chang-alpha] Table 3.4: HPC3 (1.5 GHz) is the master; slaves HPC1, HPC2 (1.6 GHz), HPC4, HPC5 (1.5 GHz).
# Four nearly full-speed slaves would need 4 cores; scale 2.5 slows all of them alike so that they need
# 1.55 of the 2 cores, keeping the ratios 1.6 : 1.5 of the table.
MODERATE = Cluster("moderate", "moderate ([chang-alpha] Table 3.4)", 1500, [1600, 1600, 1500, 1500], 2.5,
                   "f = 2.5 x 1600 / clock")

# The machine itself, nothing emulated: 2 ranks for 2 cores (liblsc's master computes too: it has a core).
NATIVE_RANKS = 2

CLUSTERS = {c.name: c for c in (EXTREME, MODERATE)}
