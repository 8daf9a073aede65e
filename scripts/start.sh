#!/usr/bin/env bash
# The one start command (npm start): installs dependencies, builds the console, and serves console and API on
# one port with the embedded database in ./data (created and seeded with demo data on first start).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
echo "==> building the console and the server"
npx webpack --mode production >/dev/null
npx tsx scripts/build-server.ts >/dev/null
export PORT=${PORT:-8080}
url="http://localhost:$PORT/"
( sleep 4; if [ -n "${DISPLAY:-}" ] && command -v xdg-open >/dev/null 2>&1; then xdg-open "$url" >/dev/null 2>&1 || true; fi ) &
echo "==> serving Voxscreen at $url"
exec node build/server/main.mjs
