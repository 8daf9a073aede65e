#!/usr/bin/env bash
# Installs what the product and its tests need, on a fresh machine or after package.json changed.
# npm ci fails on this registry (no macOS/Windows binaries in the lock): npm install keeps the lock as it is.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.voxscreen-install-stamp
if [ ! -f "$stamp" ] || [ package.json -nt "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "==> npm install"
  npm install --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi

if [ "${1:-}" = "--browser" ]; then
  if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
      echo "==> apt-get install chromium chromium-driver"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    else
      echo "Browser tests need Debian's chromium and chromium-driver: run 'sudo apt-get install -y chromium chromium-driver'." >&2
      exit 1
    fi
  fi
fi
