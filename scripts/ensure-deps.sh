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

# The test command also needs Debian's chromium and chromium-driver (browser journeys), a PostgreSQL server
# (tests of the DATABASE_URL path start a throw-away cluster) and nginx (the load balancer of the cluster step).
if [ "${1:-}" = "--test" ]; then
  missing=()
  { command -v chromium && command -v chromedriver; } >/dev/null 2>&1 || missing+=(chromium chromium-driver)
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
      echo "==> apt-get install ${missing[*]}"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      echo "The tests need Debian's ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}'." >&2
      exit 1
    fi
  fi
fi
