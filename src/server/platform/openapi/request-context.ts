import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { ScopedAccount } from '../auth/account-scope';
import type { OperatingTenant, Principal } from '../auth/principal';
import { sqlState } from '../db/postgres-errors';
import type { Db } from '../db/schema';
import { forbidden } from '../http/http-error';
import { revalidate } from '../http/conditional';
import { withSystem, withTenant } from '../tenancy/with-tenant';
import type { SessionContext, TenantContext } from './handler';
import type { OperationSpec } from './contract';

/** SQLSTATE 25006: a write in a read-only transaction. */
const READ_ONLY_TRANSACTION = '25006';

/** The provider wrote in an account its operation only lets it read (`x-account-scope: { provider: read }`). */
export const providerReadsOnly = () =>
  forbidden('This call only reads another account: it changes nothing there.', { code: 'ACCOUNT_READ_ONLY' });

function principalOf(request: FastifyRequest, operation: OperationSpec): () => Principal {
  return () => {
    const principal = request.access?.principal;
    if (!principal) throw new Error(`${operation.operationId} is public: it has no signed-in user`);
    return principal;
  };
}

const base = (deps: AppDeps, request: FastifyRequest) => ({
  deps,
  ip: request.ip,
  authorization: typeof request.headers.authorization === 'string' ? request.headers.authorization : null,
  log: request.log,
  now: () => deps.clock.now(),
  revalidate: (etag: string) => revalidate(request, etag),
});

export function sessionContext(deps: AppDeps, request: FastifyRequest, operation: OperationSpec): SessionContext {
  const client = () => {
    const found = request.access?.client;
    if (!found) throw new Error(`${operation.operationId} declares no x-client-scopes: it has no client application`);
    return found;
  };
  return {
    ...base(deps, request),
    principal: principalOf(request, operation),
    operatingTenant: request.access?.operatingTenant ?? null,
    // A read's transaction is read-only, as a tenant read's is (ADR 0178): it then drops no kept principal (ADR 0199).
    system: (fn) => withSystem(deps.db, fn, { readOnly: onlyReads(operation) }),
    client,
    inClientTenant: <T>(fn: (trx: Db) => Promise<T>) => withTenant(deps.db, client().tenant.id, fn),
  };
}

/** The transaction of the account the account-scope hook resolved (ADR 0062). */
function accountTransaction(deps: AppDeps, scoped: ScopedAccount, reads: boolean) {
  const readOnly = <T>(transaction: Promise<T>) =>
    transaction.catch((error: unknown) => {
      if (sqlState(error) === READ_ONLY_TRANSACTION) throw providerReadsOnly();
      throw error;
    });
  return <T>(fn: (trx: Db) => Promise<T>): Promise<T> => {
    if (scoped.kind === 'every-account') return readOnly(withSystem(deps.db, fn, { readOnly: true }));
    if (scoped.kind === 'operating' || scoped.access === 'write')
      return withTenant(deps.db, scoped.account.id, fn, { readOnly: reads });
    return readOnly(withTenant(deps.db, scoped.account.id, fn, { readOnly: true }));
  };
}

/**
 * An operation that changes nothing (a GET the contract does not mark x-unsafe-get, an x-read-by-post): its handler
 * writes nothing, so the versions read before its transaction key what it keeps as well as a read inside it (ADR 0171).
 */
const onlyReads = (operation: OperationSpec): boolean =>
  (operation.method === 'get' && !operation.unsafeGet) || operation.readByPost;

export function tenantContext(deps: AppDeps, request: FastifyRequest, operation: OperationSpec): TenantContext {
  const tenant: OperatingTenant | null = request.access?.operatingTenant ?? null;
  if (!tenant) throw new Error(`${operation.operationId}: the access hook did not establish the operating tenant`);
  const scoped: ScopedAccount = request.access?.account ?? { kind: 'operating', account: tenant };
  // The versions are the operating tenant's: another account's (the provider reading it) are read in its transaction.
  const reads = onlyReads(operation);
  const versionsRead =
    scoped.kind === 'operating' && scoped.account.id === tenant.id && reads
      ? (request.access?.operatingVersions ?? null)
      : null;
  return {
    ...base(deps, request),
    principal: principalOf(request, operation),
    operatingTenant: tenant,
    inTenant: <T>(fn: (trx: Db) => Promise<T>) => withTenant(deps.db, tenant.id, fn, { readOnly: reads }),
    settleInTenant: <T>(fn: (trx: Db) => Promise<T>) => withTenant(deps.db, tenant.id, fn),
    get account() {
      if (scoped.kind === 'every-account')
        throw new Error(`${operation.operationId}: the provider reads every account; check everyAccount first`);
      return scoped.account;
    },
    everyAccount: scoped.kind === 'every-account',
    inAccount: accountTransaction(deps, scoped, reads),
    versionsRead,
    acrossTenants: <T>(fn: (trx: Db) => Promise<T>) => {
      if (!tenant.isSystem) throw new Error(`${operation.operationId}: only the system tenant reads across tenants`);
      return withSystem(deps.db, fn, { readOnly: true });
    },
    asProvider: <T>(fn: (trx: Db) => Promise<T>) => {
      if (!tenant.isSystem || !request.access?.principal?.homeTenantIsSystem) {
        throw new Error(`${operation.operationId}: only the provider administers other accounts`);
      }
      return withSystem(deps.db, fn);
    },
  };
}
