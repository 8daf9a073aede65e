import { call, seconds, type BenchContext } from './context';

interface InvitationJob {
  id: number;
  status: 'queued' | 'running' | 'done';
  total: number;
  processed: number;
  sent: number;
  undelivered: number;
  noAction: number;
}

/** How long the bench waits for the outbox to send every message before it reports what it has. */
const SEND_TIMEOUT_MS = 15 * 60_000;
const POLL_MS = 500;

/**
 * Issue 13 / ADR 0044: the bulk e-mail invite of every participant of this run's invite project (30,000,
 * prepare-data.ts) as "all records across pages": the time of the call that enqueues the job (one INSERT ... SELECT
 * of the recipients and one UPDATE of their statuses), then, polling the job as the console does, the messages per
 * second the worker queues in the outbox until the job is done and the messages per second the outbox sends until
 * every one is sent or undelivered.
 */
export async function participantInviteFigures(ctx: BenchContext): Promise<void> {
  const started = performance.now();
  const answer = await call<{ job: InvitationJob }>(ctx, 'POST', '/participant-service/v1/bulk/invite', {
    projectId: ctx.inviteProjectId,
    allRecords: true,
    invitationType: 'email',
  });
  const enqueueMs = performance.now() - started;
  const total = answer.job.total;
  let job = answer.job;
  let doneMs: number | null = null;
  while (performance.now() - started < SEND_TIMEOUT_MS) {
    job = await call<InvitationJob>(ctx, 'GET', `/participant-service/v1/bulk/jobs/${answer.job.id}`);
    if (doneMs === null && job.status === 'done') doneMs = performance.now() - started;
    if (job.status === 'done' && job.sent + job.undelivered >= job.processed) break;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const sentMs = performance.now() - started;
  const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));
  console.log(`\nParticipants bulk invite (e-mail, all records of a project of ${total} invitable participants)`);
  console.log(`  enqueue: one job of ${total} recipients in ${seconds(enqueueMs)} (the call's answer)`);
  console.log(
    doneMs === null
      ? `  job not done after ${seconds(sentMs)}: ${job.processed} of ${total} messages queued`
      : `  job done in ${seconds(doneMs)}: ${job.processed} messages queued in the outbox (${rate(job.processed, doneMs)} messages/s)`,
  );
  console.log(
    `  outbox: ${job.sent} sent, ${job.undelivered} undelivered after ${seconds(sentMs)} ` +
      `(${rate(job.sent + job.undelivered, sentMs)} messages/s)`,
  );
}
