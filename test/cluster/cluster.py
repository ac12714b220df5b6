"""cluster.py - the namespace cluster as scripts/check-cluster.py drives it: bring it up, run mpirun on its
first host, tear it down.

The namespaces are made and removed by netns.sh (bash, next to this file); mpirun runs on node1 (entered with
agent.sh --keep-env) and starts its daemons on the other hosts through agent.sh as its ssh. Everything Open
MPI needs to use the cluster's network and not this machine's is on mpirun's command line, so a command of
the tutorial (which reads only OMPI_MCA_* from the environment) sees the same settings.
Only Python's standard library is used.
"""
import os
import re
import shutil
import signal
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
NETNS = os.path.join(HERE, "netns.sh")
AGENT = os.path.join(HERE, "agent.sh")


def unavailable():
    """Why this machine cannot hold the cluster, or None when it can. Tries a namespace for real: root alone
    is not enough in a container that forbids them."""
    if os.geteuid() != 0:
        return "not root (network namespaces need root)"
    for tool in ("ip", "tc", "unshare", "mpirun", "mpicc"):
        if not shutil.which(tool):
            return "no '%s' on PATH" % tool
    probe = "lscprobe%d" % os.getpid()
    r = subprocess.run(["ip", "netns", "add", probe], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    if r.returncode:
        return "network namespaces are not allowed here (%s)" % r.stderr.decode(errors="replace").strip()
    try:
        r = subprocess.run(["ip", "netns", "exec", probe, "unshare", "--fork", "--uts", "true"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if r.returncode:
            return "UTS namespaces are not allowed here (%s)" % r.stderr.decode(errors="replace").strip()
    finally:
        subprocess.run(["ip", "netns", "del", probe], stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return None


def time_namespaces():
    """Whether a process can get its own CLOCK_MONOTONIC offset (Linux 5.6+, CONFIG_TIME_NS)."""
    r = subprocess.run(["unshare", "--fork", "--time", "--monotonic", "1000", "true"],
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return r.returncode == 0


class Cluster:
    def __init__(self, workdir, hosts=3, rate="1gbit"):
        self.dir = workdir
        self.id = os.getpid()
        self.hosts = hosts
        self.rate = rate
        self.subnet = None
        # (command, Open MPI's stderr) of each mpirun whose daemons did not start and that ran again.
        self.relaunched = []

    def up(self):
        os.makedirs(self.dir, exist_ok=True)
        subprocess.run(["bash", NETNS, "up", self.dir, str(self.id), str(self.hosts), self.rate],
                       stdin=subprocess.DEVNULL, check=True)
        with open(os.path.join(self.dir, "subnet")) as f:
            self.subnet = f.read().strip()

    def down(self):
        subprocess.run(["bash", NETNS, "down", str(self.id)], stdin=subprocess.DEVNULL)

    def shaped_bytes(self):
        """Bytes each host's shaped bridge port (tc tbf) has sent to it so far, by host name; a port without the
        tbf qdisc is missing from the result."""
        sent = {}
        for k in range(1, self.hosts + 1):
            r = subprocess.run(["ip", "netns", "exec", "lsc%dsw" % self.id, "tc", "-s", "qdisc", "show", "dev",
                                "p%d" % k], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
            text = r.stdout.decode(errors="replace")
            m = re.search(r"qdisc tbf .*?Sent (\d+) bytes", text, re.S)
            if m:
                sent["node%d" % k] = int(m.group(1))
        return sent

    def hostfile(self, name, slots):
        """A hostfile DIR/NAME with one line per entry of slots (a list: slots of node1, node2, ...)."""
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            for k, n in enumerate(slots, 1):
                if n:
                    f.write("node%d slots=%d\n" % (k, n))
        return path

    def set_offsets(self, offsets):
        """CLOCK_MONOTONIC offsets in seconds by host name ({"node2": 1000}) for processes started from now on;
        an empty dict removes them."""
        path = os.path.join(self.dir, "offsets")
        if not offsets:
            if os.path.exists(path):
                os.remove(path)
            return
        with open(path, "w") as f:
            for host, seconds in sorted(offsets.items()):
                f.write("%s %d\n" % (host, seconds))

    def mpi_env(self, env=None):
        """The environment of a command run on node1: Open MPI's settings for this cluster as OMPI_MCA_*
        variables (launch agent, TCP only on the cluster's subnet, no binding: the hosts share this machine's
        cores), the caller's LSC_* settings removed unless given in env."""
        e = {k: v for k, v in os.environ.items() if not k.startswith(("LSC_", "OMPI_MCA_"))}
        e.update({
            "CLUSTER_DIR": self.dir,
            "OMPI_ALLOW_RUN_AS_ROOT": "1",
            "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
            "OMPI_MCA_plm_rsh_agent": AGENT,
            "OMPI_MCA_btl": "tcp,self",
            "OMPI_MCA_btl_tcp_if_include": self.subnet,
            "OMPI_MCA_oob_tcp_if_include": self.subnet,
            "OMPI_MCA_hwloc_base_binding_policy": "none",
            "OMPI_MCA_mpi_yield_when_idle": "1",
            # Every daemon talks to mpirun directly: with the default tree routing, a daemon that started late
            # on this loaded machine once made mpirun fail ("no route to node2", Open MPI's own workaround).
            "OMPI_MCA_routed": "direct",
        })
        e.update(env or {})
        return e

    def mpirun_args(self):
        """Settings remote daemons must get on their command line (their environment is an ssh login's)."""
        args = []
        for name in ("btl", "btl_tcp_if_include", "oob_tcp_if_include", "mpi_yield_when_idle",
                     "hwloc_base_binding_policy", "routed"):
            args += ["--mca", name, self.mpi_env()["OMPI_MCA_" + name]]
        return args

    def on_node1(self, argv, env=None, timeout=90, cwd=None):
        """Runs argv on node1 (its network, hostname and clock); returns (exit status, stdout, stderr), the
        status -9 after a timeout. The command's whole process group goes on a timeout; what it started on
        other hosts goes at teardown (netns.sh down ends every process in the cluster's namespaces)."""
        p = subprocess.Popen(["bash", AGENT, "--keep-env", "node1"] + argv, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=self.mpi_env(env),
                             cwd=cwd, start_new_session=True)
        try:
            out, err = p.communicate(timeout=timeout)
            return p.returncode, out.decode(errors="replace"), err.decode(errors="replace")
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            return -9, out.decode(errors="replace"), err.decode(errors="replace") + "\n(timed out)"

    def mpirun(self, hostfile, np, program, env=None, extra=(), timeout=90, attempts=3):
        """mpirun on node1. A run whose daemons did not all start (Open MPI's own diagnosis, nothing printed on
        stdout: no rank ran) runs again, up to attempts in all, and is recorded in self.relaunched: on this
        loaded 2-core machine a daemon now and then fails to start or to call back, which says nothing of lsc.
        A run that printed anything, or failed any other way, is returned as it is."""
        argv = ["mpirun", "--hostfile", hostfile, "-np", str(np)] + self.mpirun_args() + list(extra) + program
        for attempt in range(attempts):
            code, out, err = self.on_node1(argv, env=env, timeout=timeout)
            if attempt + 1 == attempts or not daemons_did_not_start(code, out, err):
                return code, out, err
            self.relaunched.append((" ".join(argv), err))
            time.sleep(1)


# Open MPI 4's messages (help-errmgr-base.txt, help-plm-base.txt) when a daemon never reported back to mpirun.
DAEMON_START_FAILURES = ("ORTE was unable to reliably start one or more daemons",
                         "An ORTE daemon has unexpectedly failed after launch",
                         "ORTE does not know how to route a message to the specified daemon")


def daemons_did_not_start(code, out, err):
    return code != 0 and not out and any(m in err for m in DAEMON_START_FAILURES)
