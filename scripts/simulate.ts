/**
 * The call simulator (docs/product/results-intake.md#simulator): plays the telephony platform against a running
 * server through the public API only. It signs in as a user, registers a client application of the project's
 * account, and for each call: asks whether the participant may take the interview, posts the call record, then a
 * result with per-question results, an incomplete call, or nothing (the 70/20/10 mix of call-plan.ts).
 *
 *   npm run simulate -- --project 1 [--calls 100] [--url http://127.0.0.1:8080] [--email admin@acme.test]
 *                       [--password Voxscreen!2026] [--seed 1] [--concurrency 4]
 *
 * Prints what it did and the intake's results per second.
 */
import { parseArgs } from 'node:util';
import { randomSource } from '../src/server/seed/interview-data';
import { ApiError, PublicApi } from './simulate/api';
import { durationOf, guideEventsOf, outcomeOf, plannedResult } from './simulate/call-plan';

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

const api = new PublicApi(values.url.replace(/\/$/, ''));
const random = randomSource(Number(values.seed));
const run = `sim-${values.seed}-${Date.now().toString(36)}`;

async function projectTenant(): Promise<number> {
  for (const tenant of await api.tenants()) {
    api.operateIn(tenant.tenantId);
    try {
      await api.project(projectId);
      return tenant.tenantId;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    }
  }
  throw new Error(`Project ${projectId} is not in any account ${values.email} may operate in.`);
}

/** Access codes of the project's participants that are not archived, up to `limit`, by keyset pages. */
async function accessCodes(limit: number): Promise<string[]> {
  const codes: string[] = [];
  let after: string | undefined;
  do {
    const page = await api.participants(projectId, { page: 0, pageSize: 100, ...(after && { after }) });
    for (const p of page.participants) if (p.accessCode && p.status !== 'ARCHIVED') codes.push(p.accessCode);
    after = page.nextCursor ?? undefined;
  } while (after && codes.length < limit);
  return codes;
}

const tally = {
  calls: 0,
  results: 0,
  incomplete: 0,
  callOnly: 0,
  guideEvents: 0,
  refused: new Map<string, number>(),
};

async function simulateCall(n: number, code: string): Promise<void> {
  const id = `${run}-${n}`;
  const allowed = await api.authorize({ accessCode: code });
  if (!allowed.allowed) {
    const reason = allowed.reason ?? 'REFUSED';
    tally.refused.set(reason, (tally.refused.get(reason) ?? 0) + 1);
    return;
  }
  const outcome = outcomeOf(random());
  const duration = durationOf(outcome, random);
  const at = new Date(Date.now() - duration * 1000);
  const callId = `${id}-call`;
  await api.callRecord({
    requestId: `${id}-cr`,
    runId: run,
    callId,
    accessCode: code,
    callDateTime: at.toISOString(),
    durationSeconds: duration,
    providerName: random() < 0.6 ? 'Twilio' : 'Bandwidth',
    callerNumber: `+1 555 01${String(Math.floor(random() * 100)).padStart(2, '0')}`,
  });
  tally.calls += 1;
  // The participant guide's pages during the call (the detail modal's Participant Guide tab).
  const ip = `198.51.100.${1 + Math.floor(random() * 254)}`;
  const guide = guideEventsOf(outcome, duration, random);
  await api.guideLogs({
    accessCode: code,
    callId,
    events: guide.map((e, i) => ({
      eventId: `${id}-guide-${i + 1}`,
      sessionId: `${id}-session`,
      createTs: new Date(at.getTime() + e.offsetSeconds * 1000).toISOString(),
      pageName: e.pageName,
      ...(e.buttonName && { buttonName: e.buttonName }),
      ipAddress: ip,
    })),
  });
  tally.guideEvents += guide.length;
  if (outcome === 'RESULT') {
    const sequences = allowed.questionSequences ?? [];
    const planned = plannedResult(allowed.questionnaireType ?? 'PRECISION_QUESTIONNAIRE', sequences, random);
    await api.result({
      requestId: `${id}-result`,
      runId: run,
      callId,
      accessCode: code,
      completedAt: new Date().toISOString(),
      ...planned,
    });
    tally.results += 1;
  } else if (outcome === 'INCOMPLETE') {
    const sequences = allowed.questionSequences ?? [];
    await api.incompleteCall({
      requestId: `${id}-incomplete`,
      runId: run,
      accessCode: code,
      phoneCallInterruptCode: random() < 0.5 ? 'CALLER_HANGUP' : 'LINE_DROPPED',
      callDateTime: at.toISOString(),
      phoneCallDuration: duration,
      answeredQuestions: Math.floor(random() * sequences.length),
    });
    tally.incomplete += 1;
  } else tally.callOnly += 1;
}

async function main(): Promise<void> {
  await api.signIn(values.email, values.password);
  const tenantId = await projectTenant();
  await api.becomeClient(`Call simulator ${run}`);
  const codes = await accessCodes(calls);
  if (codes.length === 0) throw new Error(`Project ${projectId} has no participants with access codes to call.`);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      const n = next++;
      await simulateCall(n, codes[n % codes.length]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Number(values.concurrency)) }, worker));
  const seconds = (performance.now() - started) / 1000;
  console.log(`project ${projectId} (account ${tenantId}), run ${run}`);
  console.log(`  calls recorded:    ${tally.calls}`);
  console.log(`  results:           ${tally.results}`);
  console.log(`  incomplete calls:  ${tally.incomplete}`);
  console.log(`  calls only:        ${tally.callOnly}`);
  console.log(`  guide events:      ${tally.guideEvents}`);
  for (const [reason, count] of tally.refused) console.log(`  refused ${reason}: ${count}`);
  console.log(`  ${seconds.toFixed(1)} s, ${(tally.results / seconds).toFixed(1)} results/s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
