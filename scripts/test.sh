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

# The checks and the build use one core each, most of them for well under a minute: they run in two lanes side by
# side (a minute and a half less on two cores), each step's output kept and printed in order once both lanes end.
# Neither lane writes what the other reads (the build writes dist/, which prettier and eslint ignore).
rm -rf .tmp/steps && mkdir -p .tmp/steps
kept() {
  local index=$1 name=$2; shift 2
  local started=$SECONDS status=0
  "$@" >".tmp/steps/$index.log" 2>&1 || status=1
  printf '%s %s %s\n' "$status" "$((SECONDS - started))" "$name" >".tmp/steps/$index.status"
}
lanes_started=$SECONDS
(
  kept 1 "codegen matches openapi/" npx tsx scripts/codegen.ts --check
  kept 2 "contract lint (Redocly, Spectral)" npm run -s lint:api
  kept 3 "prettier" npx prettier --check . --log-level warn
  kept 4 "eslint" npx eslint . --max-warnings 0
) &
(
  kept 5 "typecheck" bash -c "npx tsc --noEmit && npx tsc --noEmit -p test/e2e"
  kept 6 "i18n catalogues up to date" bash scripts/check-catalogues.sh
  kept 7 "production build" npx webpack --mode production
) &
wait
for index in 1 2 3 4 5 6 7; do
  status=1 seconds=0 name="step $index (ended without its status)"
  [ -f ".tmp/steps/$index.status" ] && read -r status seconds name <".tmp/steps/$index.status"
  echo
  echo "==> $name"
  cat ".tmp/steps/$index.log" 2>/dev/null
  if [ "$status" != 0 ]; then failures+=("$name"); echo "FAILED: $name"; fi
  timings+=("$(printf '%5d s  %s (in a lane)' "$seconds" "$name")")
done
timings+=("$(printf '%5d s  both lanes of checks and the build' $((SECONDS - lanes_started)))")
step "jest (server, web)" npx jest --ci --json --outputFile=.tmp/jest-results.json
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
# The longest test files and journeys: where a step's minutes went.
node -e "try{const r=require('./.tmp/jest-results.json');const t=r.testResults.map(s=>[(s.endTime-s.startTime)/1000,s.name.replace(process.cwd()+'/','')]).sort((a,b)=>b[0]-a[0]).slice(0,8);console.log('Longest jest files:');for(const [s,n] of t)console.log('  '+s.toFixed(0).padStart(5)+' s  '+n)}catch{}"
for times in .tmp/e2e-spec-times.txt .tmp/e2e-cluster-spec-times.txt; do
  [ -f "$times" ] && { echo "Longest journeys ($times):"; sort -rn "$times" | head -6 | awk '{printf "  %5d s  %s\n", $1, $2}'; }
done
if [ ${#failures[@]} -gt 0 ]; then
  printf 'Failed steps:\n'; printf '  - %s\n' "${failures[@]}"
  [ "$failed" -eq 0 ] && failed=${#failures[@]}
fi
# CI keeps only the log's ends: name what failed here, at the end, with its first error line.
node -e "try{const r=require('./.tmp/jest-results.json');for(const s of r.testResults)for(const t of s.assertionResults)if(t.status==='failed')console.log('  jest failed: '+s.name.replace(process.cwd()+'/','')+' › '+t.fullName+' — '+String((t.failureMessages[0]||'').split('\\n')[0]).slice(0,300))}catch{}"
[ -f .tmp/e2e-results.txt ] && grep '^failed' .tmp/e2e-results.txt | sed 's/^failed /  journey failed: /'
echo "tests: $passed passed, $failed failed"
[ ${#failures[@]} -eq 0 ]
