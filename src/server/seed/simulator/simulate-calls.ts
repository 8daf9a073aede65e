/**
 * The call simulator (docs/product/results-intake.md#simulator): plays the telephony platform against a running
 * server through the public API only. It signs in as a user, registers a client application of the project's
 * account, and for each call: asks whether the participant may take the interview, posts the call record, then a
 * the participant guide's page events, then a result with per-question results, an incomplete call, or nothing
 * (the 70/20/10 mix of call-plan.ts); every other result gets a short generated recording (tone-wav.ts).
 * `npm run simulate` (scripts/simulate.ts) and the demo seed (seed-simulated-calls.ts) both run it.
 */
import { randomSource } from '../interview-data';
import { planCall } from './call-plan';
import { ApiError, PublicApi } from './public-api';
import { toneWav } from './tone-wav';
import { TELCO_PROVIDERS } from '../../../shared/telco-providers';

export interface SimulateCallsOptions {
  /** The server's origin, e.g. http://127.0.0.1:8080 (the API is under /api). */
  url: string;
  projectId: number;
  calls: number;
  /** The random source's seed: the same seed against the same data plays the same calls (at concurrency 1). */
  seed: number;
  /** Calls in flight at once; above 1 the order of draws, and so the mix per participant, varies. */
  concurrency?: number;
  email: string;
  password: string;
  /** Participants (in the list's order) left out before the first one called, e.g. to spare those others call. */
  skipParticipants?: number;
  /** The run id every intake post carries (default: from the seed and the time, unique per run). */
  runId?: string;
  /**
   * Resuming an interrupted run (same run id and seed, concurrency 1): the answers its intake posts already got, by
   * request id. A call whose call record is stored is planned again (the same draws) even if its participant is now
   * refused, and only its missing posts are sent; guide events and recordings are idempotent and sent again. The run's client
   * application is taken over rather than registered twice.
   */
  stored?: ReadonlyMap<string, { id?: number }>;
  /** Called after each call's posts were answered (the seed's resume tests stop the run there). */
  afterCall?: (n: number) => void | Promise<void>;
}

export interface SimulationReport {
  runId: string;
  projectId: number;
  tenantId: number;
  /** Call records posted. */
  calls: number;
  results: number;
  /** Results that got a recording attached. */
  recordings: number;
  incomplete: number;
  callOnly: number;
  /** Participant guide page events posted (the detail modal's guide logs). */
  guideEvents: number;
  /** Calls `authorize` refused, by reason (no record is posted for them). */
  refused: Record<string, number>;
  seconds: number;
}

export async function simulateCalls(options: SimulateCallsOptions): Promise<SimulationReport> {
  const { projectId, calls } = options;
  const api = new PublicApi(options.url.replace(/\/$/, ''));
  const random = randomSource(options.seed);
  const run = options.runId ?? `sim-${options.seed}-${Date.now().toString(36)}`;
  const report: SimulationReport = {
    runId: run,
    projectId,
    tenantId: 0,
    calls: 0,
    results: 0,
    recordings: 0,
    incomplete: 0,
    callOnly: 0,
    guideEvents: 0,
    refused: {},
    seconds: 0,
  };

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
    throw new Error(`Project ${projectId} is not in any account ${options.email} may operate in.`);
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

  const stored = options.stored ?? new Map<string, { id?: number }>();
  /**
   * The questionnaire a call is planned with: the authorization's, or for a resumed call whose participant is now
   * refused (a retake within a day), the project's questions as the authorization would have answered them.
   */
  let projectSequences: Promise<number[]> | null = null;
  function questionnaireOf(allowed: { questionSequences?: number[] }): Promise<number[]> {
    if (allowed.questionSequences) return Promise.resolve(allowed.questionSequences);
    projectSequences ??= api
      .questions(projectId)
      .then(({ questions }) => questions.map((question) => question.sequence).sort((a, b) => a - b));
    return projectSequences;
  }

  async function simulateCall(n: number, code: string): Promise<void> {
    const id = `${run}-${n}`;
    const played = stored.has(`${id}-cr`);
    const allowed = await api.authorize({ accessCode: code });
    if (!allowed.allowed && !played) {
      const reason = allowed.reason ?? 'REFUSED';
      report.refused[reason] = (report.refused[reason] ?? 0) + 1;
      return;
    }
    const sequences = await questionnaireOf(allowed);
    const plan = planCall(random, {
      questionnaireType: allowed.questionnaireType ?? 'PRECISION_QUESTIONNAIRE',
      sequences,
      carriers: TELCO_PROVIDERS.map((p) => p.key),
    });
    const at = new Date(Date.now() - plan.duration * 1000);
    const callId = `${id}-call`;
    if (!played)
      await api.callRecord({
        requestId: `${id}-cr`,
        runId: run,
        callId,
        accessCode: code,
        callDateTime: at.toISOString(),
        durationSeconds: plan.duration,
        // Every carrier of the Call Records filter (docs/product/call-reports.md#carrier), by key as a platform may post
        // it.
        providerName: plan.carrier,
        callerNumber: `+1 555 01${String(plan.callerSuffix).padStart(2, '0')}`,
      });
    report.calls += 1;
    // The participant guide's pages during the call (the detail modal's Participant Guide tab).
    const ip = `198.51.100.${plan.ipHost}`;
    await api.guideLogs({
      accessCode: code,
      callId,
      events: plan.guide.map((e, i) => ({
        eventId: `${id}-guide-${i + 1}`,
        sessionId: `${id}-session`,
        createTs: new Date(at.getTime() + e.offsetSeconds * 1000).toISOString(),
        pageName: e.pageName,
        ...(e.buttonName && { buttonName: e.buttonName }),
        ipAddress: ip,
      })),
    });
    report.guideEvents += plan.guide.length;
    if (plan.result) {
      const posted =
        stored.get(`${id}-result`) ??
        (await api.result({
          requestId: `${id}-result`,
          runId: run,
          callId,
          accessCode: code,
          completedAt: new Date().toISOString(),
          ...plan.result,
        }));
      report.results += 1;
      // Every other call's result gets a recording: chosen by the call number, not a draw, so the random stream
      // (and with it the seeded demo data) stays what it was without recordings.
      if (n % 2 === 0) {
        if (posted.id === undefined) throw new Error(`The stored answer of ${id}-result has no result id.`);
        await api.recording(posted.id, `${callId}.wav`, toneWav(300 + (n % 4) * 100, 330 + (n % 5) * 55));
        report.recordings += 1;
      }
    } else if (plan.incomplete) {
      if (!stored.has(`${id}-incomplete`))
        await api.incompleteCall({
          requestId: `${id}-incomplete`,
          runId: run,
          accessCode: code,
          phoneCallInterruptCode: plan.incomplete.interruptCode,
          callDateTime: at.toISOString(),
          phoneCallDuration: plan.duration,
          answeredQuestions: plan.incomplete.answeredQuestions,
        });
      report.incomplete += 1;
    } else report.callOnly += 1;
  }

  await api.signIn(options.email, options.password);
  report.tenantId = await projectTenant();
  await api.becomeClient(`Call simulator ${run}`, { reuse: options.stored !== undefined });
  const skip = Math.max(0, options.skipParticipants ?? 0);
  const codes = (await accessCodes(skip + calls)).slice(skip);
  if (codes.length === 0) throw new Error(`Project ${projectId} has no participants with access codes to call.`);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      const n = next++;
      await simulateCall(n, codes[n % codes.length]!);
      await options.afterCall?.(n);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  report.seconds = (performance.now() - started) / 1000;
  return report;
}
