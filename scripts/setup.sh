#!/usr/bin/env bash
# Installs what building and testing the project needs on a Debian 12 machine: the Debian
# packages that are missing (apt-get update runs only then) and the npm packages of the lock
# file when node_modules is missing or older than it. Quiet and quick when nothing is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# Boost comes as libboost1.81-dev on purpose: never the libboost-dev metapackage.
PACKAGES=(
  cmake ninja-build g++ clang clang-format
  libboost1.81-dev nlohmann-json3-dev libsqlitecpp-dev libsqlite3-dev libcli11-dev
  libspdlog-dev libgtest-dev libgmock-dev libbenchmark-dev libclang-rt-14-dev
  chromium nodejs npm curl
  postgresql libpq-dev nginx haproxy nftables prometheus-cpp-dev
  libssl-dev libcbor-dev libsodium-dev libcurl4-openssl-dev python3-aiosmtpd
  libeigen3-dev python3-torch python3-numpy
)

installed() {
  # A Node.js build that bundles npm provides the commands without Debian's packages.
  case "$1" in
    nodejs) command -v node >/dev/null 2>&1 && return 0 ;;
    npm) command -v npm >/dev/null 2>&1 && return 0 ;;
  esac
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done

if ((${#missing[@]} > 0)); then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
fi

if [ -f package-lock.json ]; then
  stamp=node_modules/.package-lock.json  # npm rewrites it on every install
  if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
    echo "setup: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
fi
