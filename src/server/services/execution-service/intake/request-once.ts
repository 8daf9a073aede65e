import { createHash } from 'node:crypto';
import type { Db } from '../../../platform/db/schema';
import { HttpError } from '../../../platform/http/http-error';
import { claimIntakeRequest, findIntakeRequest, setIntakeAnswer } from './intake-store';

/** JSON with object keys sorted, so the same body hashes the same whatever order its fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const bodyHash = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

interface Replayable {
  replayed: boolean;
}

/**
 * Runs an intake write once per caller-given request id (docs/product/results-intake.md#idempotency), in the
 * caller's transaction: the first post writes and stores its answer; a replay with the same body gets that answer
 * with `replayed: true` and changes nothing; the same id with another body is a 409. A refused post (the write
 * throws) rolls back its claim too, so it may be sent again once corrected.
 */
export async function acceptOnce<A extends Replayable>(
  trx: Db,
  request: { tenantId: number; requestId: string; kind: string; body: unknown; now: Date },
  write: () => Promise<A>,
): Promise<A> {
  const hash = bodyHash(request.body);
  const claimed = await claimIntakeRequest(trx, { ...request, bodyHash: hash, answer: {} });
  if (!claimed) {
    const stored = await findIntakeRequest(trx, request.tenantId, request.requestId);
    if (!stored || stored.kind !== request.kind || stored.bodyHash !== hash)
      throw new HttpError(409, 'This requestId was already used for a different post.', { code: 'REQUEST_ID_REUSED' });
    return { ...(stored.answer as A), replayed: true };
  }
  const answer = await write();
  await setIntakeAnswer(trx, request.tenantId, request.requestId, answer);
  return answer;
}
