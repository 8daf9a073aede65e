import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** How long a write's answer is kept with its Idempotency-Key (ADR 0091). */
export const KEEP_ANSWERS_MS = 24 * 60 * 60 * 1000;

/** Who a key belongs to: a caller (a user or a client application) in an operating tenant (0: none). */
export interface KeyScope {
  caller: string;
  operatingTenantId: number;
  key: string;
}

export interface StoredAnswer {
  fingerprint: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The answer kept with the key, unless it is older than a day (a sweep deletes those, this ignores them). */
export async function findStoredAnswer(trx: Db, scope: KeyScope, now: Date): Promise<StoredAnswer | null> {
  const row = await trx
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'headers', 'body'])
    .where('caller', '=', scope.caller)
    .where('operating_tenant_id', '=', scope.operatingTenantId)
    .where('idempotency_key', '=', scope.key)
    .where('created_at', '>', new Date(now.getTime() - KEEP_ANSWERS_MS))
    .executeTakeFirst();
  if (!row) return null;
  return {
    fingerprint: row.fingerprint,
    status: row.status,
    headers: row.headers as Record<string, string>,
    body: Buffer.from(row.body),
  };
}

/**
 * Keeps the answer with the key, in the transaction of the operation's own writes. An expired row of the same key
 * is replaced (the key is free again after a day).
 */
export async function storeAnswer(trx: Db, scope: KeyScope, answer: StoredAnswer, now: Date): Promise<void> {
  await trx
    .insertInto('idempotency_keys')
    .values({
      caller: scope.caller,
      operating_tenant_id: scope.operatingTenantId,
      idempotency_key: scope.key,
      fingerprint: answer.fingerprint,
      status: answer.status,
      headers: JSON.stringify(answer.headers),
      body: answer.body,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['caller', 'operating_tenant_id', 'idempotency_key']).doUpdateSet({
        fingerprint: answer.fingerprint,
        status: answer.status,
        headers: JSON.stringify(answer.headers),
        body: answer.body,
        created_at: now,
      }),
    )
    .execute();
}

/**
 * Takes the key for this transaction, across instances (an advisory lock released by its commit or rollback);
 * false when another request holds it.
 */
export async function claimKey(trx: Db, scope: KeyScope): Promise<boolean> {
  const name = `idempotency:${scope.caller}:${scope.operatingTenantId}:${scope.key}`;
  const { rows } = await sql<{
    taken: boolean;
  }>`SELECT pg_try_advisory_xact_lock(hashtextextended(${name}, 0)) AS taken`.execute(trx);
  return rows[0]?.taken === true;
}

/** Deletes the answers older than a day (the job sweep calls it); returns how many. */
export async function deleteExpiredAnswers(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<=', new Date(now.getTime() - KEEP_ANSWERS_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
