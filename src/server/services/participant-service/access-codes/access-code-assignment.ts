/**
 * The one place participants get access codes (ADR 0046, docs/product/access-codes.md#assignment): add,
 * import and refresh call these; no other code draws, generates or checks a participant's code.
 * - Behaviour "Access code same as IRN": the IRN is the code; an IRN already used as a code in the tenant is
 *   refused (AccessCodesTaken with its indexes) and nothing is written.
 * - Behaviour "Generated access code": the project's Available Primary pool codes first (test participants
 *   draw test codes, others the others; oldest first, locked with SKIP LOCKED), then generated nine-digit codes
 *   (3-3-3) unique in the tenant against participants and the pool.
 */
import { randomInt } from 'node:crypto';
import { normalizeAccessCode, type ParticipantProjectRules } from '../../../../shared/participant-rules';
import type { Db } from '../../../platform/db/schema';
import { HttpError } from '../../../platform/http/http-error';
import { createParticipants, type NewParticipant } from '../participants/participants-store';
import {
  burnParticipantCodes,
  lockAvailableCodes,
  markCodesAssigned,
  takenCodeKeys,
  type DrawnCode,
} from './access-code-pool-store';

/** Rounds of fresh generated codes before giving up (a nine-digit space makes a second round already rare). */
const CODE_TRIES = 5;

/** A generated access code: nine digits shown 3-3-3. */
export function generateAccessCode(): string {
  const digits = String(randomInt(0, 1_000_000_000)).padStart(9, '0');
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The IRN-as-code of these participants (by index) is already a code in the tenant. */
export class AccessCodesTaken extends Error {
  constructor(readonly indexes: number[]) {
    super('access codes taken');
  }
}

interface Drawn {
  code: string | null;
  poolId: string | null;
}

/** `count` generated codes, distinct and unused in the tenant (and not in `avoid`). */
async function generatedCodes(trx: Db, count: number, avoid: ReadonlySet<string> = new Set()): Promise<string[]> {
  const codes: string[] = [];
  for (let round = 0; round < CODE_TRIES && codes.length < count; round++) {
    const keys = new Set(codes.map(normalizeAccessCode));
    const candidates: string[] = [];
    while (candidates.length < count - codes.length) {
      const code = generateAccessCode();
      const key = normalizeAccessCode(code);
      if (keys.has(key) || avoid.has(key)) continue;
      keys.add(key);
      candidates.push(code);
    }
    const taken = await takenCodeKeys(trx, candidates.map(normalizeAccessCode));
    codes.push(...candidates.filter((c) => !taken.has(normalizeAccessCode(c))));
  }
  if (codes.length < count) throw new HttpError(503, 'No free access code was found; try again.');
  return codes;
}

/** Codes for new participants by the project's behaviour (see the module comment), in input order. */
async function drawCodes(
  trx: Db,
  projectId: number,
  rules: Pick<ParticipantProjectRules, 'irnIsAccessCode'>,
  wanted: readonly { interviewRefNum: string | null; isTest: boolean }[],
): Promise<Drawn[]> {
  if (rules.irnIsAccessCode) {
    const keys = wanted.map((w) => (w.interviewRefNum ? normalizeAccessCode(w.interviewRefNum) : null));
    const taken = await takenCodeKeys(
      trx,
      keys.filter((k): k is string => k !== null),
    );
    const clashes = keys.flatMap((k, i) => (k !== null && taken.has(k) ? [i] : []));
    if (clashes.length) throw new AccessCodesTaken(clashes);
    return wanted.map((w) => ({ code: w.interviewRefNum, poolId: null }));
  }
  const drawn: Drawn[] = wanted.map(() => ({ code: null, poolId: null }));
  for (const isTest of [false, true]) {
    const indexes = wanted.flatMap((w, i) => (w.isTest === isTest ? [i] : []));
    if (!indexes.length) continue;
    const pool: DrawnCode[] = await lockAvailableCodes(trx, projectId, isTest, indexes.length);
    const generated = await generatedCodes(trx, indexes.length - pool.length);
    for (const [n, i] of indexes.entries()) {
      const fromPool = pool[n];
      drawn[i] = fromPool
        ? { code: fromPool.access_code, poolId: fromPool.id }
        : { code: generated[n - pool.length]!, poolId: null };
    }
  }
  return drawn;
}

/**
 * Adds participants to a project with their access codes (the caller leaves `accessCode` unset) and records
 * the pool codes they took as Assigned, in the caller's transaction. Returns the new ids in input order.
 * Throws AccessCodesTaken (nothing written) when the IRN is the code and one is already used.
 */
export async function addParticipantsWithCodes(
  trx: Db,
  project: { tenantId: number; projectId: number; rules: Pick<ParticipantProjectRules, 'irnIsAccessCode'> },
  participants: readonly Omit<NewParticipant, 'accessCode'>[],
  now: Date,
): Promise<number[]> {
  const drawn = await drawCodes(
    trx,
    project.projectId,
    project.rules,
    participants.map((p) => ({ interviewRefNum: p.interviewRefNum ?? null, isTest: p.isTestParticipant ?? false })),
  );
  const ids = await createParticipants(
    trx,
    project.tenantId,
    project.projectId,
    participants.map((p, i) => ({ ...p, accessCode: drawn[i]!.code })),
    now,
  );
  await markCodesAssigned(
    trx,
    drawn.flatMap((d, i) => (d.poolId ? [{ codeId: d.poolId, participantId: ids[i]! }] : [])),
    now,
  );
  return ids;
}

/**
 * A refreshed code for one participant (behaviour "Generated access code" only; the caller checks the rules):
 * drawn like a new participant's, never the current one; a pool code the participant held becomes Burned.
 * Returns the new code; the caller stores it on the participant.
 */
export async function drawReplacementCode(
  trx: Db,
  participant: { id: number; projectId: number; isTest: boolean; currentCode: string | null },
  now: Date,
): Promise<string> {
  const [pooled] = await lockAvailableCodes(trx, participant.projectId, participant.isTest, 1);
  const avoid = new Set(participant.currentCode ? [normalizeAccessCode(participant.currentCode)] : []);
  const code = pooled ? pooled.access_code : (await generatedCodes(trx, 1, avoid))[0]!;
  await burnParticipantCodes(trx, participant.id, now);
  if (pooled) await markCodesAssigned(trx, [{ codeId: pooled.id, participantId: participant.id }], now);
  return code;
}
