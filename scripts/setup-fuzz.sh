#!/usr/bin/env bash
# Installs clang 14 and its runtime libraries (libFuzzer, sanitizers) for
# `make fuzz`, if missing; as root with apt, otherwise it says what to do.
set -euo pipefail
missing=()
for pkg in clang-14 libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "remat: make fuzz needs: ${missing[*]} (sudo apt-get install -y ${missing[*]})" >&2
  exit 1
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
