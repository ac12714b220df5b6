#!/usr/bin/env bash
# Installs lsc's build and test dependencies from Debian's packages, only those that are missing.
# bsdutils gives `script`, the pseudo-terminal of the LSC_PROGRESS test (essential in Debian, listed anyway).
# Does nothing (and needs no network) when everything is present, so `make check` can call it every time.
set -euo pipefail

packages=(clang-19 libclang-19-dev llvm-19-tools openmpi-bin libopenmpi-dev libomp-19-dev cmake make python3 pkgconf ninja-build man-db groff-base bsdutils iproute2)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "lsc: installing missing Debian packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "lsc: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
# A stale package list makes installs of new packages fail; refresh once, then install.
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "lsc: dependencies installed"
