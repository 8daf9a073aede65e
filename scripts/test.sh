#!/usr/bin/env bash
# The one test command (npm test): contract, codegen drift, lint, types, catalogues, unit, component and
# server tests, the production build, and WebdriverIO journeys against the real server in headless Chromium.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --max-old-space-size=4096"

bash scripts/ensure-deps.sh --test || exit 1
mkdir -p .tmp

failures=()
timings=()
step() {
  local name=$1; shift
  local started=$SECONDS
  echo
  echo "==> $name"
  if ! "$@"; then failures+=("$name"); echo "FAILED: $name"; fi
  timings+=("$(printf '%5d s  %s' $((SECONDS - started)) "$name")")
}

step "codegen matches openapi/" npx tsx scripts/codegen.ts --check
step "contract lint (Redocly, Spectral)" npm run -s lint:api
step "prettier" npx prettier --check . --log-level warn
step "eslint" npx eslint . --max-warnings 0
step "typecheck" bash -c "npx tsc --noEmit && npx tsc --noEmit -p test/e2e"
step "i18n catalogues up to date" bash scripts/check-catalogues.sh
step "jest (server, web)" npx jest --ci --json --outputFile=.tmp/jest-results.json
step "production build" npx webpack --mode production
step "browser journeys" bash scripts/e2e.sh
# Two instances on PostgreSQL and S3 (s3rver) behind nginx: checks, the cluster journeys, metrics (ADR 0080).
step "cluster (2 instances, nginx, PostgreSQL, S3)" npx tsx scripts/cluster-e2e.ts

passed=$(node -e "try{const r=require('./.tmp/jest-results.json');console.log(r.numPassedTests)}catch{console.log(0)}")
failed=$(node -e "try{const r=require('./.tmp/jest-results.json');console.log(r.numFailedTests)}catch{console.log(0)}")
if [ -f .tmp/e2e-results.txt ]; then
  passed=$((passed + $(grep -c '^passed' .tmp/e2e-results.txt)))
  failed=$((failed + $(grep -c '^failed' .tmp/e2e-results.txt)))
fi
echo
# The time each step took, so a run near CI's budget (45 minutes on two cores) shows where its minutes went.
printf 'Step times (whole run %d s):\n' "$SECONDS"; printf '  %s\n' "${timings[@]}"
if [ ${#failures[@]} -gt 0 ]; then
  printf 'Failed steps:\n'; printf '  - %s\n' "${failures[@]}"
  [ "$failed" -eq 0 ] && failed=${#failures[@]}
fi
# CI keeps only the log's ends: name what failed here, at the end, with its first error line.
node -e "try{const r=require('./.tmp/jest-results.json');for(const s of r.testResults)for(const t of s.assertionResults)if(t.status==='failed')console.log('  jest failed: '+s.name.replace(process.cwd()+'/','')+' › '+t.fullName+' — '+String((t.failureMessages[0]||'').split('\\n')[0]).slice(0,300))}catch{}"
[ -f .tmp/e2e-results.txt ] && grep '^failed' .tmp/e2e-results.txt | sed 's/^failed /  journey failed: /'
echo "tests: $passed passed, $failed failed"
[ ${#failures[@]} -eq 0 ]
