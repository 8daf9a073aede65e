import type { Db, EvaluationCode } from '../platform/db/schema';
import { withTenant } from '../platform/tenancy/with-tenant';
import { createParticipants, type NewParticipant } from '../services/participant-service';
import { type NewInterviewResult, recordInterviewResults } from '../services/execution-service';

/** A small deterministic PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Weighted<T> = readonly (readonly [T, number])[];

function pick<T>(random: () => number, weighted: Weighted<T>): T {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, weight] of weighted) {
    r -= weight;
    if (r < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

/** Mostly low risk, as real screening populations are; DC (disconnected) is a call that did not complete. */
export const OVERALL: Weighted<EvaluationCode> = [
  ['LR', 44],
  ['AR', 18],
  ['PR', 12],
  ['HR', 9],
  ['NC', 7],
  ['CM', 2],
  ['AD', 2],
  ['DC', 6],
];
export const PER_QUESTION: Weighted<EvaluationCode> = [
  ['LR', 55],
  ['AR', 17],
  ['PR', 11],
  ['HR', 8],
  ['NC', 5],
  ['CM', 2],
  ['AD', 2],
];

/**
 * The overall evaluations of a plan's results, in order: a stream of its own, so that what the seed produces
 * can be recomputed without a database (the browser journeys compare the dashboard with it).
 */
export function plannedOverallEvaluations(seed: number, count: number): EvaluationCode[] {
  const random = randomSource(seed ^ 0x5bd1e995);
  return Array.from({ length: count }, () => pick(random, OVERALL));
}

export const FIRST = [
  'Ana',
  'Ben',
  'Carla',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Iris',
  'Jon',
  'Kemal',
  'Lina',
  'Marco',
  'Nia',
  'Omar',
  'Priya',
];
export const LAST = [
  'Santos',
  'Nguyen',
  'Okafor',
  'Schmidt',
  'Haddad',
  'Kim',
  'Rossi',
  'Dubois',
  'Mensah',
  'Cruz',
  'Ivanova',
  'Tanaka',
];

/** The first instant of the UTC month 11 months before `now`: with the current month, the last 12 months. */
export const twelveMonthsBefore = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));

export interface InterviewDataPlan {
  tenantId: number;
  projectId: number;
  /** Question ids by sequence. */
  questionIds: number[];
  participants: number;
  results: number;
  /** Results complete between this instant and `now`. */
  since: Date;
  now: Date;
  seed: number;
  /** Participants and results per transaction (bounds memory and the time the single connection is held). */
  batchSize?: number;
  /** Prefix of interview reference numbers and access codes; must be unique per tenant. */
  codePrefix: string;
  /** Every n-th result is held (released false) for the results screen's On Hold list; default none. */
  heldEvery?: number;
}

/**
 * Adds participants and their interview results to a project through createParticipants and
 * recordInterviewResults, in batches of one transaction each. Results spread between `since` and `now`;
 * with more results than participants, participants are interviewed more than once (retakes).
 */
export async function generateInterviewData(
  db: Db,
  plan: InterviewDataPlan,
): Promise<{ participants: number; results: number }> {
  return generate(plan, plan.batchSize ?? 20_000, (write) => withTenant(db, plan.tenantId, write));
}

/**
 * The same data written in the caller's tenant transaction, in one piece: the demo seed adds a project's participants,
 * results and trails together, so an interrupted seed leaves a project with all of them or none.
 */
export async function generateInterviewDataIn(
  trx: Db,
  plan: InterviewDataPlan,
): Promise<{ participants: number; results: number }> {
  return generate(plan, Number.MAX_SAFE_INTEGER, (write) => write(trx));
}

type InTransaction = <T>(write: (trx: Db) => Promise<T>) => Promise<T>;

async function generate(
  plan: InterviewDataPlan,
  batch: number,
  inTransaction: InTransaction,
): Promise<{ participants: number; results: number }> {
  const random = randomSource(plan.seed);
  const participantIds: number[] = [];
  for (let start = 0; start < plan.participants; start += batch) {
    const count = Math.min(batch, plan.participants - start);
    const rows: NewParticipant[] = Array.from({ length: count }, (_, i) => {
      const n = start + i + 1;
      const first = FIRST[Math.floor(random() * FIRST.length)]!;
      const last = LAST[Math.floor(random() * LAST.length)]!;
      return {
        interviewRefNum: `${plan.codePrefix}${String(n).padStart(7, '0')}`,
        accessCode: `${plan.codePrefix}A${String(n).padStart(7, '0')}`,
        firstName: first,
        lastName: last,
        email: `${first}.${last}.${plan.codePrefix}${n}@example.test`.toLowerCase(),
        languageId: random() < 0.8 ? 1 : 2,
        status: 'INVITATION_SENT',
      };
    });
    participantIds.push(
      ...(await inTransaction((trx) => createParticipants(trx, plan.tenantId, plan.projectId, rows, plan.now))),
    );
  }
  const spreadMs = Math.max(0, plan.now.getTime() - plan.since.getTime());
  const evaluations = participantIds.length ? plannedOverallEvaluations(plan.seed, plan.results) : [];
  for (let start = 0; start < evaluations.length; start += batch) {
    const count = Math.min(batch, evaluations.length - start);
    const results: NewInterviewResult[] = Array.from({ length: count }, (_, i) => {
      const index = (start + i) % participantIds.length;
      const participantId = participantIds[index]!;
      const overall = evaluations[start + i]!;
      return {
        projectId: plan.projectId,
        participantId,
        // The participant's IRN and access code, as the intake stores them with each result.
        interviewReferenceNumber: `${plan.codePrefix}${String(index + 1).padStart(7, '0')}`,
        accessCode: `${plan.codePrefix}A${String(index + 1).padStart(7, '0')}`,
        overallEvaluation: overall,
        completedAt: new Date(plan.now.getTime() - Math.floor(random() * spreadMs)),
        released: !(plan.heldEvery && (start + i) % plan.heldEvery === plan.heldEvery - 1),
        questionResults:
          overall === 'DC'
            ? []
            : plan.questionIds.map((questionId, q) => ({
                projectQuestionId: questionId,
                sequence: q + 1,
                result: pick(random, PER_QUESTION),
              })),
      };
    });
    await inTransaction((trx) => recordInterviewResults(trx, plan.tenantId, results, plan.now));
  }
  return { participants: participantIds.length, results: evaluations.length };
}
