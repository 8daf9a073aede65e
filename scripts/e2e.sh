#!/usr/bin/env bash
# Starts the real server on a fresh embedded database (seeded on first start) with the built console, runs
# the WebdriverIO journeys in headless Chromium against it, and stops it. Arguments go to wdio
# (e.g. `bash scripts/e2e.sh --spec test/e2e/journeys/sign-in.e2e.ts`).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f dist/index.html ] || npx webpack --mode production
# The production server: compiled each run (seconds), so it never lags behind the sources (ADR 0077).
npx tsx scripts/build-server.ts >/dev/null

# A port the OS hands out now (never a fixed one another process may hold).
port=${E2E_PORT:-$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")}
data=$(mktemp -d)
log=.tmp/e2e-server.log
mkdir -p .tmp && rm -f .tmp/e2e-results.txt .tmp/e2e-spec-times.txt

# E-mail goes over SMTP to a local catcher, as it would to a mailbox: the outbox never keeps set-password
# links readable once sent, so the journeys read them where a person would.
node --import tsx scripts/mail-catcher.ts --folder "$data/mail" --port-file "$data/smtp-port" >.tmp/e2e-mail.log 2>&1 &
catcher=$!
server=
cleanup() {
  [ -n "$server" ] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
  kill "$catcher" 2>/dev/null || true
  wait "$catcher" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 60); do [ -s "$data/smtp-port" ] && break; sleep 0.5; done
[ -s "$data/smtp-port" ] || { echo "mail catcher did not start:"; cat .tmp/e2e-mail.log; exit 1; }

PORT=$port DATA_DIR="$data" LOG_LEVEL=warn NODE_ENV=production TOKEN_ISSUER="http://127.0.0.1:$port" SIGNING_KEY_SECRET=voxscreen-e2e-signing-key-secret SMTP_URL="smtp://127.0.0.1:$(cat "$data/smtp-port")" EGRESS_ALLOW=127.0.0.1 node build/server/main.mjs >"$log" 2>&1 &
server=$!

for _ in $(seq 1 120); do
  if curl -fs "http://127.0.0.1:$port/api/user-service/v1/app/version" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then echo "server exited:"; cat "$log"; exit 1; fi
  sleep 1
done
curl -fs "http://127.0.0.1:$port/api/user-service/v1/app/version" >/dev/null || { echo "server did not start:"; cat "$log"; exit 1; }

# Each journey reaches the server through the conformance kit's proxy (test/e2e/support/contract-proxy.ts), which
# fails the journey on any exchange that breaks the contract; reports in .tmp/e2e-conformance/<journey>/.
rm -rf .tmp/e2e-conformance
E2E_SERVER_URL="http://127.0.0.1:$port" E2E_BASE_URL="http://127.0.0.1:$port" E2E_DATA_DIR="$data" E2E_MAIL_DIR="$data/mail" npx wdio run wdio.conf.ts "$@"
