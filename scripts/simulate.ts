/**
 * `npm run simulate`: the call simulator (docs/product/results-intake.md#simulator) against a running server,
 * through the public API only. The logic is simulateCalls (src/server/seed/simulator/simulate-calls.ts), which
 * the demo seed runs too; this is its command line.
 *
 *   npm run simulate -- --project 1 [--calls 100] [--url http://127.0.0.1:8080] [--email admin@acme.test]
 *                       [--password Voxscreen!2026] [--seed 1] [--concurrency 4]
 *
 * Prints what it did and the intake's results per second.
 */
import { parseArgs } from 'node:util';
import { simulateCalls } from '../src/server/seed/simulator/simulate-calls';

const { values } = parseArgs({
  options: {
    project: { type: 'string' },
    calls: { type: 'string', default: '100' },
    url: { type: 'string', default: process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}` },
    email: { type: 'string', default: 'admin@acme.test' },
    password: { type: 'string', default: 'Voxscreen!2026' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    concurrency: { type: 'string', default: '4' },
  },
});
const projectId = Number(values.project);
const calls = Number(values.calls);
if (!Number.isInteger(projectId) || projectId < 1 || !Number.isInteger(calls) || calls < 1) {
  console.error('Usage: npm run simulate -- --project <id> [--calls <n>] [--url <server>] [--email <user>]');
  process.exit(2);
}

try {
  const report = await simulateCalls({
    url: values.url,
    projectId,
    calls,
    seed: Number(values.seed),
    concurrency: Number(values.concurrency),
    email: values.email,
    password: values.password,
  });
  console.log(`project ${projectId} (account ${report.tenantId}), run ${report.runId}`);
  console.log(`  calls recorded:    ${report.calls}`);
  console.log(`  results:           ${report.results}`);
  console.log(`  recordings:        ${report.recordings}`);
  console.log(`  incomplete calls:  ${report.incomplete}`);
  console.log(`  calls only:        ${report.callOnly}`);
  console.log(`  guide events:      ${report.guideEvents}`);
  for (const [reason, count] of Object.entries(report.refused)) console.log(`  refused ${reason}: ${count}`);
  console.log(`  ${report.seconds.toFixed(1)} s, ${(report.results / report.seconds).toFixed(1)} results/s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
