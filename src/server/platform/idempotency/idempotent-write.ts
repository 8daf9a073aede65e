import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { HttpError, unprocessable } from '../http/http-error';
import type { OperationSpec } from '../openapi/contract';
import { isStreamedUpload, isUploadedFile } from '../openapi/multipart-body';
import { RequestTransaction, withinRequestTransaction } from '../tenancy/request-transaction';
import { systemSettings, withSystem } from '../tenancy/with-tenant';
import { claimKey, findStoredAnswer, storeAnswer, type KeyScope, type StoredAnswer } from './idempotency-store';

/** The header a client sends to make a write safe to retry (ADR 0091, docs/product/platform.md#retry-safe-writes). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer given again from the stored one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export const KEY_FORMAT_MESSAGE = 'The Idempotency-Key header must be 1 to 200 printable ASCII characters.';
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request (method, path or body). Send a new key for a new action.';
export const KEY_IN_USE_MESSAGE =
  'A request with this Idempotency-Key is still running. Retry once it has been answered.';

/** An answer as the router sends it; a body that is a stream cannot be kept. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer | Readable | undefined;
}

/** The answer headers kept with the key: what a client reads besides the body. */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'etag'];

const VALID_KEY = /^[\x20-\x7e]{1,200}$/;

/** The key of the request, checked; null when it sends none. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !VALID_KEY.test(raw)) {
    throw new HttpError(400, KEY_FORMAT_MESSAGE, {
      code: 'BAD_REQUEST',
      errors: [{ field: 'header.Idempotency-Key', message: KEY_FORMAT_MESSAGE }],
    });
  }
  return raw;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The body as compared between a request and its retry: files by name, type and content digest. */
async function comparableBody(body: unknown): Promise<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body ?? null;
  const fields = await Promise.all(
    Object.entries(body).map(async ([name, value]): Promise<[string, unknown]> => {
      if (isUploadedFile(value))
        return [name, { file: value.filename, type: value.mimetype, sha256: sha256(value.data) }];
      if (isStreamedUpload(value))
        return [name, { file: value.filename, type: value.mimetype, sha256: await fileSha256(value.path) }];
      return [name, value];
    }),
  );
  return Object.fromEntries(fields);
}

/** What makes two requests the same request: method, path with query, body. */
export async function requestFingerprint(request: FastifyRequest): Promise<string> {
  return sha256(JSON.stringify([request.method, request.url, await comparableBody(request.body)]));
}

function scopeOf(request: FastifyRequest, key: string): KeyScope | null {
  const client = request.access?.client;
  if (client) return { caller: `client:${client.clientApplicationId}`, operatingTenantId: client.tenant.id, key };
  const principal = request.access?.principal;
  if (!principal) return null;
  return { caller: `user:${principal.userId}`, operatingTenantId: request.access?.operatingTenant?.id ?? 0, key };
}

const replay = (stored: StoredAnswer): Answer => ({
  status: stored.status,
  headers: { ...stored.headers, [REPLAYED_HEADER]: 'true' },
  body: stored.body,
});

function answerOrRefusal(stored: StoredAnswer, fingerprint: string): Answer {
  if (stored.fingerprint !== fingerprint) throw unprocessable(KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
  return replay(stored);
}

const inUse = () => new HttpError(409, KEY_IN_USE_MESSAGE, { code: 'IDEMPOTENCY_KEY_IN_USE' });
const isInUse = (error: unknown) => error instanceof HttpError && error.options.code === 'IDEMPOTENCY_KEY_IN_USE';

/** A request with the key finished while this one ran (reading only, so far): its answer is given instead. */
class AnsweredMeanwhile extends Error {
  constructor(readonly stored: StoredAnswer) {
    super('A request with this Idempotency-Key was answered meanwhile');
  }
}

function keptHeaders(answer: Answer, reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = answer.headers[name] ?? reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

/**
 * Retry-safe writes for one operation (ADR 0091): with an Idempotency-Key, the answer is given from the one stored
 * with the key, or the operation runs in one request transaction that also stores its answer. Keys still running in
 * this instance (`running`, shared by the operations of an app) are refused at once; across instances the advisory
 * lock of claimKey refuses them.
 */
export function createIdempotentWrites(deps: AppDeps, operation: OperationSpec, running: Set<string>) {
  // Reads made by POST change nothing, and calls made before sign-in have no caller to keep an answer for: their
  // key is only checked.
  const keeps = operation.method !== 'get' && !operation.readByPost && !operation.access.public;

  return async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    produce: () => Promise<Answer>,
  ): Promise<Answer> {
    const key = operation.method === 'get' ? null : idempotencyKeyOf(request);
    const scope = key !== null && keeps ? scopeOf(request, key) : null;
    if (!scope) return produce();

    const fingerprint = await requestFingerprint(request);
    const stored = await withSystem(deps.db, (trx) => findStoredAnswer(trx, scope, deps.clock.now()));
    if (stored) return answerOrRefusal(stored, fingerprint);

    const id = JSON.stringify([scope.caller, scope.operatingTenantId, scope.key]);
    if (running.has(id)) throw inUse();
    running.add(id);
    // Each time the request transaction begins: the key is taken (409 while another instance runs it) and, in case
    // a request with it finished meanwhile, read again.
    const transaction = new RequestTransaction(deps.db, async (trx) => {
      await systemSettings(trx);
      if (!(await claimKey(trx, scope))) throw inUse();
      const meanwhile = await findStoredAnswer(trx, scope, deps.clock.now());
      if (meanwhile) throw new AnsweredMeanwhile(meanwhile);
    });
    try {
      let answer: Answer;
      try {
        answer = await withinRequestTransaction(transaction, produce);
      } catch (error) {
        // Refused or failed: what its finished parts wrote stays, as their own transactions would have kept it (an
        // intake post's log of its refusal); the part that failed was undone. No answer is kept for the key.
        if (!(error instanceof AnsweredMeanwhile) && !isInUse(error))
          await transaction
            .commit(async () => {}, systemSettings)
            .catch((commitError: unknown) => {
              request.log.warn({ err: commitError }, 'could not commit the finished parts of a refused write');
            });
        throw error;
      }
      const { body } = answer;
      if (answer.status < 200 || answer.status > 299 || !(typeof body === 'string' || Buffer.isBuffer(body))) {
        // A streamed file (an export) cannot be kept: it reads, and a retry reads again.
        await transaction.commit(async () => {}, systemSettings);
        return answer;
      }
      const kept: StoredAnswer = {
        fingerprint,
        status: answer.status,
        headers: keptHeaders(answer, reply),
        body: Buffer.from(body),
      };
      await transaction.commit((trx) => storeAnswer(trx, scope, kept, deps.clock.now()), systemSettings);
      return answer;
    } catch (error) {
      await transaction.rollback();
      if (error instanceof AnsweredMeanwhile) return answerOrRefusal(error.stored, fingerprint);
      throw error;
    } finally {
      running.delete(id);
    }
  };
}
