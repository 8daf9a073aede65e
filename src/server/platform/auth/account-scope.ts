import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { HttpError } from '../http/http-error';
import type { AccountScope } from '../openapi/contract';
import { tenantForbidden } from '../tenancy/tenant-refusals';
import type { OperatingTenant, Principal } from './principal';

/** The account a request acts on (ADR 0062), as the account-scope hook resolved it from `x-account-scope`. */
export type ScopedAccount =
  /** The operating tenant itself: its own transaction, read and write. */
  | { kind: 'operating'; account: OperatingTenant }
  /** Another account, for the provider: its transaction, read-only unless the contract says write. */
  | { kind: 'other'; account: OperatingTenant; access: 'read' | 'write' }
  /** No account named, on an operation where the provider then reads every account. */
  | { kind: 'every-account' };

export const ACCOUNT_NOT_FOUND_MESSAGE = 'No such account.';
export const accountNotFound = (): HttpError =>
  new HttpError(404, ACCOUNT_NOT_FOUND_MESSAGE, { code: 'ACCOUNT_NOT_FOUND' });

/** The provider: a user of the system tenant (their home) operating in it. Only the provider acts on other accounts. */
export const isProvider = (principal: Principal, operating: OperatingTenant): boolean =>
  operating.isSystem && principal.homeTenantIsSystem;

/** The account id the request names in the declared place; undefined when it names none. */
function namedAccount(request: FastifyRequest, scope: AccountScope): number | undefined {
  if (!scope.parameter) return undefined;
  const part =
    scope.parameter.in === 'path' ? request.params : scope.parameter.in === 'query' ? request.query : request.body;
  const value = (part as Record<string, unknown> | null | undefined)?.[scope.parameter.name];
  // Validation (or the multipart reader) has already made it an integer, or refused the request.
  return typeof value === 'number' ? value : undefined;
}

async function findAccount(deps: AppDeps, id: number): Promise<OperatingTenant | null> {
  // One read statement, so no transaction of its own (as the principal's).
  const row = await deps.db
    .selectFrom('tenants')
    .select(['id', 'name', 'is_system'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, isSystem: row.is_system } : null;
}

/**
 * Decides which account the request acts on, from what the contract declares (never by hand in a handler):
 * - the operating tenant, when the request names it or names none (and the scope does not say every account);
 * - a customer (anyone but the provider) naming another account: 403, before anything is read;
 * - the provider naming another account: 403 unless the scope grants the provider read or write; 404 when no
 *   such account exists;
 * - the provider naming none where `unnamed: every-account`: every account, read-only;
 * - with `items`, an item of the array body naming another account than the one resolved: 403.
 */
export async function resolveAccount(
  deps: AppDeps,
  request: FastifyRequest,
  scope: AccountScope | null,
  principal: Principal,
  operating: OperatingTenant,
): Promise<ScopedAccount> {
  if (!scope) return { kind: 'operating', account: operating };
  const named = namedAccount(request, scope);
  const provider = isProvider(principal, operating);
  if (named === undefined) {
    if (scope.unnamed === 'every-account' && provider) return { kind: 'every-account' };
    requireItemsName(request, scope, operating.id);
    return { kind: 'operating', account: operating };
  }
  requireItemsName(request, scope, named);
  if (named === operating.id) return { kind: 'operating', account: operating };
  if (!provider || scope.provider === 'none') throw tenantForbidden();
  const account = await findAccount(deps, named);
  if (!account) throw accountNotFound();
  return { kind: 'other', account, access: scope.provider };
}

/** With `items`: every item of the array body names the one account (403 otherwise, before anything is read). */
function requireItemsName(request: FastifyRequest, scope: AccountScope, account: number): void {
  if (!scope.items || !Array.isArray(request.body)) return;
  for (const item of request.body as Array<Record<string, unknown>>) {
    if (item?.[scope.items] !== account) throw tenantForbidden();
  }
}

/** The preHandler that runs resolveAccount once the body is parsed and validated (after the access hook). */
export function createAccountScopeHook(deps: AppDeps, scope: AccountScope | null) {
  return async function accountScopeHook(request: FastifyRequest): Promise<void> {
    const access = request.access;
    if (!access?.principal || !access.operatingTenant) return;
    access.account = await resolveAccount(deps, request, scope, access.principal, access.operatingTenant);
  };
}
