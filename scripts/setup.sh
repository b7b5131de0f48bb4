#!/usr/bin/env bash
# Installs what remat needs to build and test, if missing. Idempotent: when
# everything is present it only checks, in well under a second.
#
# As root it installs missing Debian packages with apt; otherwise it lists
# them and fails, so a build never half-works on a machine without them.
set -euo pipefail

packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools  # LLVM/MLIR 22, lit, FileCheck
  cmake ninja-build g++ make                               # build
  libgtest-dev libgmock-dev                                # unit tests
  python3                                                  # lit
  python3-torch python3-torchvision python3-numpy          # PyTorch front end
  python3-networkx                                         # (PyTorch min-cut partitioner)
  coinor-libcbc-dev                                        # MILP solver (solver=milp)
)

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "remat: missing packages: ${missing[*]}" >&2
  echo "remat: run 'make setup' as root, or: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "remat: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
