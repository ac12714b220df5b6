#!/usr/bin/env bash
# netns.sh - a cluster of network namespaces on this machine, for scripts/check-cluster.py.
#
#   netns.sh up DIR ID HOSTS RATE   make hosts node1..nodeHOSTS of cluster ID, shaped to RATE (tc tbf, e.g.
#                                   1gbit), and write DIR/map (the launch agent's table) and DIR/hosts
#   netns.sh down ID                delete every namespace of cluster ID (safe to repeat, safe when half made)
#
# Approach: nothing is added to the machine's own network namespace, so its routes, its loopback and the MPI
# runs of other users are untouched. The switch is a namespace of its own ("lsc<ID>sw") holding a bridge;
# each host is a namespace ("lsc<ID>n<k>") with lo and one veth end, eth0, at 10.213.0.<k>/24, whose other end
# is a port of the bridge. Every cluster is its own island, so two clusters (two engineers' runs) can use the
# same subnet; only the namespace names carry ID. tbf on each bridge port shapes what a host receives (netem,
# which would add delay, is not in this kernel). The hosts' own hostnames (UTS namespaces) and clock offsets
# (time namespaces) are set by the launch agent, test/cluster/agent.sh, when it starts a process there.
set -euo pipefail

SUBNET_PREFIX=10.213.0

ns_switch() { echo "lsc${1}sw"; }
ns_host() { echo "lsc${1}n${2}"; }

down() {
  local id=$1 ns
  # Every namespace of this cluster, however far `up` got; processes still inside are ended first (ours:
  # the names carry our id), so `ip netns del` really frees the namespace.
  for ns in $(ip netns list | awk '{print $1}' | grep -E "^lsc${id}(sw|n[0-9]+)$" || true); do
    local pids
    pids=$(ip netns pids "$ns" 2>/dev/null || true)
    if [ -n "$pids" ]; then
      # shellcheck disable=SC2086
      kill -KILL $pids 2>/dev/null || true
    fi
    ip netns del "$ns" 2>/dev/null || true
  done
}

up() {
  local dir=$1 id=$2 hosts=$3 rate=$4 sw k ns
  sw=$(ns_switch "$id")
  mkdir -p "$dir"
  : >"$dir/map"
  : >"$dir/hosts"
  ip netns add "$sw"
  ip -n "$sw" link set lo up
  ip -n "$sw" link add br0 type bridge
  ip -n "$sw" link set br0 up
  for k in $(seq 1 "$hosts"); do
    ns=$(ns_host "$id" "$k")
    ip netns add "$ns"
    ip -n "$ns" link set lo up
    # Both ends are created inside their namespaces: no interface ever appears in the machine's own.
    ip -n "$sw" link add "p$k" type veth peer name eth0 netns "$ns"
    ip -n "$sw" link set "p$k" master br0
    ip -n "$sw" link set "p$k" up
    ip -n "$ns" addr add "$SUBNET_PREFIX.$k/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip netns exec "$sw" tc qdisc add dev "p$k" root tbf rate "$rate" burst 64kb latency 50ms
    # The agent's table: what mpirun may call the host (its name or its address), its namespace, its name.
    echo "node$k $ns node$k" >>"$dir/map"
    echo "$SUBNET_PREFIX.$k $ns node$k" >>"$dir/map"
    echo "node$k slots=1" >>"$dir/hosts"
  done
  echo "$SUBNET_PREFIX.0/24" >"$dir/subnet"
}

case "${1:-}" in
  up) shift && up "$@" ;;
  down) shift && down "$@" ;;
  *)
    echo "usage: netns.sh up DIR ID HOSTS RATE | netns.sh down ID" >&2
    exit 2
    ;;
esac
