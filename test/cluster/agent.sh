#!/usr/bin/env bash
# agent.sh - Open MPI's launch agent (plm_rsh_agent) for the namespace cluster of test/cluster/netns.sh: it
# stands where ssh would, entering a host's namespaces instead of logging in to a machine.
#
#   agent.sh [ssh options] HOST COMMAND...   what mpirun calls to start its daemon (orted) on HOST
#   agent.sh --keep-env HOST COMMAND...      the same with the caller's environment: how check-cluster.py
#                                            starts mpirun itself on node1
#
# $CLUSTER_DIR names the cluster: its `map` (HOST NAMESPACE HOSTNAME a line, from netns.sh) and, when present,
# `offsets` (HOSTNAME SECONDS a line: that host's CLOCK_MONOTONIC runs ahead by SECONDS, a time namespace).
# Each process started here gets the host's network namespace, a UTS namespace with the host's name, and its
# own time namespace when the host has an offset. Like an ssh login, the daemon starts with a fresh
# environment (PATH and HOME only, plus Open MPI's consent to run as root), so what reaches remote ranks is
# only what mpirun forwards (-x): the cluster shows what a real one would lose.
set -euo pipefail

keep_env=0
# mpirun passes ssh options first (-x, -o ...); none matter here.
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do
  [ "$1" = --keep-env ] && keep_env=1
  shift
done
host=${1:?usage: agent.sh [options] HOST COMMAND...}
shift
map=${CLUSTER_DIR:?CLUSTER_DIR is not set}/map
read -r ns name < <(awk -v h="$host" '$1 == h { print $2, $3; exit }' "$map")
if [ -z "${ns:-}" ]; then
  echo "agent.sh: no host '$host' in $map" >&2
  exit 255
fi
offset=0
if [ -f "$CLUSTER_DIR/offsets" ]; then
  offset=$(awk -v h="$name" '$1 == h { print $2; exit }' "$CLUSTER_DIR/offsets")
  offset=${offset:-0}
fi
time_ns=()
# With an offsets file every host gets a time namespace, 0 included: a process started from node1 (mpirun
# starts the daemons) would otherwise keep node1's clock. Offsets count from the machine's own clock, not
# from the caller's.
[ -f "$CLUSTER_DIR/offsets" ] && time_ns=(--time --monotonic "$offset")
if [ "$keep_env" = 1 ]; then
  # Our own commands keep their words as given.
  exec ip netns exec "$ns" unshare --fork --uts "${time_ns[@]}" sh -c 'hostname "$0" && exec "$@"' "$name" "$@"
fi
# ssh hands the remote shell one command line: mpirun's words are joined and read by sh, as ssh would.
exec env -i PATH="$PATH" HOME="${HOME:-/root}" OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
  ip netns exec "$ns" unshare --fork --uts "${time_ns[@]}" sh -c "hostname '$name' && exec $*"
