import { normalizeAccessCode } from '../../../../shared/participant-rules';
import type { Db } from '../../../platform/db/schema';
import { HttpError } from '../../../platform/http/http-error';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { logRefusedPost } from './intake-store';
import { acceptInterviewResult, runIdOf, type IntakeAnswer, type ResultPost } from './intake-writes';
import { acceptResultBatch, type BatchOutcome } from './result-batch';

/** Posts in one transaction at most: a batch of 10 in flight is one round of statements, not ten (ADR 0075). */
export const MAX_BATCH = 50;

interface Pending {
  tenantId: number;
  body: ResultPost;
  now: Date;
  settle: (outcome: BatchOutcome | { failure: unknown }) => void;
}

/**
 * The posted results of one process, accepted together (ADR 0075): a post joins the queue; while a batch runs, the
 * posts that arrive wait and go together in the next one (one transaction of about a dozen statements, whatever
 * the number of posts). A batch holds one tenant's posts, each request id and access code once (a repeat waits for
 * the next batch, so it sees the first one done, as one after the other would). Should a batch fail as a whole (a
 * constraint the checks do not foresee, a lost connection), each of its posts is accepted again alone, on the
 * single path, so one bad post never fails the others and every post gets the answer it would have got alone.
 * `onJobsQueued` runs after a commit that queued webhook deliveries.
 */
export class ResultIntakeQueue {
  readonly #pending: Pending[] = [];
  #running = false;

  constructor(
    private readonly db: Db,
    private readonly onJobsQueued: () => void,
  ) {}

  /** Accepts one post (the client's tenant, its body, the request's time); answers as acceptPost would. */
  accept(tenantId: number, body: ResultPost, now: Date): Promise<IntakeAnswer> {
    return new Promise<IntakeAnswer>((resolve, reject) => {
      this.#pending.push({
        tenantId,
        body,
        now,
        settle: (outcome) => {
          if ('answer' in outcome) resolve(outcome.answer);
          else reject('error' in outcome ? outcome.error : outcome.failure);
        },
      });
      void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      while (this.#pending.length) await this.#run(this.#take());
    } finally {
      this.#running = false;
    }
  }

  /** The next batch: the first post's tenant, in arrival order, each request id and access code once. */
  #take(): Pending[] {
    const tenantId = this.#pending[0]!.tenantId;
    const requestIds = new Set<string>();
    const codes = new Set<string>();
    const batch: Pending[] = [];
    for (let i = 0; i < this.#pending.length && batch.length < MAX_BATCH;) {
      const post = this.#pending[i]!;
      const code = normalizeAccessCode(post.body.accessCode);
      if (post.tenantId !== tenantId || requestIds.has(post.body.requestId) || codes.has(code)) {
        i += 1;
        continue;
      }
      requestIds.add(post.body.requestId);
      codes.add(code);
      batch.push(post);
      this.#pending.splice(i, 1);
    }
    return batch;
  }

  async #run(batch: Pending[]): Promise<void> {
    const tenantId = batch[0]!.tenantId;
    let accepted: Awaited<ReturnType<typeof acceptResultBatch>>;
    try {
      // Generic plans (ADR 0174): PostgreSQL would otherwise plan the batch's array statements for every batch.
      accepted = await withTenant(this.db, tenantId, (trx) => acceptResultBatch(trx, tenantId, batch), {
        genericPlans: true,
      });
    } catch {
      for (const post of batch) post.settle(await this.#acceptAlone(post));
      return;
    }
    batch.forEach((post, i) => post.settle(accepted.outcomes[i]!));
    if (accepted.queuedJobs) this.onJobsQueued();
  }

  /** The single path (acceptPost's): its own transaction, a refusal kept in the backend data log in another. */
  async #acceptAlone(post: Pending): Promise<BatchOutcome | { failure: unknown }> {
    const { tenantId, body, now } = post;
    try {
      const answer = await withTenant(this.db, tenantId, (trx) => acceptInterviewResult(trx, tenantId, body, now));
      this.onJobsQueued();
      return { answer };
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode < 500)) return { failure: error };
      try {
        if (error.options.code !== 'REQUEST_ID_REUSED')
          await withTenant(this.db, tenantId, (trx) =>
            logRefusedPost(trx, {
              tenantId,
              kind: 'RESULT',
              runId: runIdOf(body),
              payload: body,
              refusal: error.message,
              now,
            }),
          );
      } catch (failure) {
        return { failure };
      }
      return { error };
    }
  }
}

const queues = new WeakMap<Db, ResultIntakeQueue>();

/** The queue of an app's database (one per app); webhook deliveries it queues start through the app's jobs. */
export function resultIntakeQueue(deps: { db: Db; jobs: { runSoon(): void } }): ResultIntakeQueue {
  let queue = queues.get(deps.db);
  if (!queue) {
    const { jobs } = deps;
    queue = new ResultIntakeQueue(deps.db, () => jobs.runSoon());
    queues.set(deps.db, queue);
  }
  return queue;
}
