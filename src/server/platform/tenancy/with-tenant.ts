import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import { SENT_WITH_NEXT } from '../db/pglite-dialect';
import type { Db } from '../db/schema';
import { openRequestTransaction } from './request-transaction';

export const APP_ROLE = 'voxscreen_app';

// Marks the async context of an open transaction: PGlite has one connection, so opening a second
// transaction from inside the first would wait for itself forever. Fail loudly instead.
const openTransaction = new AsyncLocalStorage<'tenant' | 'system'>();

function refuseNesting(kind: string) {
  const current = openTransaction.getStore();
  if (current)
    throw new Error(`${kind} transaction opened inside a ${current} transaction: pass the open transaction down`);
}

// set_config('role', ..., true) is SET LOCAL ROLE; one statement for both saves a round trip per request. With
// `genericPlans` the same statement sets plan_cache_mode for the transaction alone (ADR 0174). On the
// embedded database it travels with BEGIN and the transaction's first statement (ADR 0060). Literals, so it needs no
// parameters: the role is a constant and the tenant id an integer checked by the caller.
const tenantSettings = (trx: Db, tenantId: number, genericPlans = false) =>
  sql
    .raw(
      `${SENT_WITH_NEXT}SELECT set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', '${tenantId}', true)` +
        (genericPlans ? `, set_config('plan_cache_mode', 'force_generic_plan', true)` : ''),
    )
    .execute(trx);

/** Back to the server's own role, for the system part of a request transaction that a tenant part ran in before. */
export const systemSettings = (trx: Db) =>
  sql
    .raw(`${SENT_WITH_NEXT}SELECT set_config('role', 'none', true), set_config('app.tenant_id', '', true)`)
    .execute(trx);

/**
 * Runs `fn` in a transaction as the unprivileged application role, with row-level security restricted to
 * `tenantId` (read-only when asked: the provider reading another account; `genericPlans`: every statement of the
 * transaction runs on its generic plan, for work whose statements' plans do not follow their values). Every query of a tenant-scoped request
 * goes through the transaction it is given here. Inside a write with an Idempotency-Key it is a part of the
 * request's one transaction (request-transaction.ts, ADR 0091), read-only there too.
 */
export async function withTenant<T>(
  db: Db,
  tenantId: number,
  fn: (trx: Db) => Promise<T>,
  options: { readOnly?: boolean; genericPlans?: boolean } = {},
): Promise<T> {
  if (!Number.isInteger(tenantId) || tenantId <= 0) throw new Error(`Invalid tenant id ${tenantId}`);
  refuseNesting('A tenant');
  const joined = openRequestTransaction(db);
  if (joined)
    return openTransaction.run('tenant', () =>
      joined.run((trx) => tenantSettings(trx, tenantId, options.genericPlans), fn, options),
    );
  const transaction = options.readOnly ? db.transaction().setAccessMode('read only') : db.transaction();
  return openTransaction.run('tenant', () =>
    transaction.execute(async (trx) => {
      await tenantSettings(trx, tenantId, options.genericPlans);
      return fn(trx);
    }),
  );
}

/** Runs `fn` in a privileged transaction (identity work: sign-in, token and session checks, seeding). */
export async function withSystem<T>(
  db: Db,
  fn: (trx: Db) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  refuseNesting('A system');
  // Inside a write with an Idempotency-Key, one transaction (ADR 0091), read-only there too when asked.
  const joined = openRequestTransaction(db);
  if (joined) return openTransaction.run('system', () => joined.run(systemSettings, fn, options));
  const transaction = options.readOnly ? db.transaction().setAccessMode('read only') : db.transaction();
  return openTransaction.run('system', () => transaction.execute(fn));
}
