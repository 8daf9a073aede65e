import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { OperatingTenant, Principal } from '../auth/principal';
import type { Db } from '../db/schema';
import { revalidate } from '../http/conditional';
import { withSystem, withTenant } from '../tenancy/with-tenant';
import type { SessionContext, TenantContext } from './handler';
import type { OperationSpec } from './contract';

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
    system: (fn) => withSystem(deps.db, fn),
    client,
    inClientTenant: <T>(fn: (trx: Db) => Promise<T>) => withTenant(deps.db, client().tenant.id, fn),
  };
}

export function tenantContext(deps: AppDeps, request: FastifyRequest, operation: OperationSpec): TenantContext {
  const tenant: OperatingTenant | null = request.access?.operatingTenant ?? null;
  if (!tenant) throw new Error(`${operation.operationId}: the access hook did not establish the operating tenant`);
  return {
    ...base(deps, request),
    principal: principalOf(request, operation),
    operatingTenant: tenant,
    inTenant: <T>(fn: (trx: Db) => Promise<T>) => withTenant(deps.db, tenant.id, fn),
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
