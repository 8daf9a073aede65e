/**
 * The security an operation declares, probed with the request its first valid one would be: no credentials, part
 * of a requirement, the other kind of token, another tenant's user, a read-only role on a write. Each probe names
 * the statuses a conforming service answers; anything else is a violation of that check.
 */
import { isWrite, type KitOperation } from './contract-model';
import { closestAlternative, satisfiedAlternative, type Identity, type RoleName } from './credentials';
import type { CheckName } from './exchange-validator';
import type { RequestPlan } from './http-request';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  durationMs: number;
}

/** Sends a plan as `who` (with `schemes` of theirs, or the alternative they satisfy) and checks the answer. */
export type Exchange = (
  plan: RequestPlan,
  who: Identity | null,
  schemes: string[] | null,
  expect?: { check: CheckName; statuses: number[] },
) => Promise<Answer | null>;

export interface ProbeContext {
  /** The identity the operation's own requests use. */
  identity: Identity | null;
  exchange: Exchange;
  identityOf: (role: RoleName) => Promise<Identity | null>;
  tenantHeader: string;
  tenant: string | null;
  /** Permissions a read-only role holds. */
  readPermission: RegExp;
}

/** Whether a read-only role lacks what a write declares (a permission other than read ones). */
export function readOnlyRefused(operation: KitOperation, readPermission: RegExp): boolean {
  if (!isWrite(operation)) return false;
  const isRead = (p: string) => readPermission.test(p);
  const { permissions, permissionsAny } = operation.extensions;
  return permissions.some((p) => !isRead(p)) || (permissionsAny.length > 0 && !permissionsAny.some(isRead));
}

const hasTenantHeader = (operation: KitOperation, header: string) =>
  operation.parameters.some((p) => p.in === 'header' && p.required && p.name.toLowerCase() === header.toLowerCase());

export async function runSecurityProbes(operation: KitOperation, base: RequestPlan, ctx: ProbeContext): Promise<void> {
  const { exchange, identity } = ctx;
  const probe = (label: string): RequestPlan => ({ ...structuredClone(base), label, kind: 'security' });
  await exchange(probe('missing credentials'), null, [], { check: 'missing_credentials', statuses: [401] });

  const full = identity ? satisfiedAlternative(operation, identity) : null;
  if (identity && full && full.length > 1) {
    for (const scheme of full) {
      // A scheme that is an alternative on its own is not a part of one.
      if (operation.security.some((alternative) => alternative.every((s) => s === scheme))) continue;
      await exchange(probe(`only ${scheme} of ${full.join(' + ')}`), identity, [scheme], {
        check: 'partial_credentials',
        statuses: [401],
      });
    }
  }

  const clientOperation = operation.extensions.clientScopes.length > 0;
  const other = await ctx.identityOf(clientOperation ? 'caller' : 'client');
  if (other) {
    const label = clientOperation
      ? "a user's session on a client application's operation"
      : "a client application's token on a user operation";
    await exchange(probe(label), other, closestAlternative(operation, other), {
      check: 'wrong_token_kind',
      statuses: [401, 403],
    });
  }

  if (hasTenantHeader(operation, ctx.tenantHeader) && ctx.tenant !== null) {
    const stranger = await ctx.identityOf('other-tenant');
    if (stranger)
      await exchange(probe("another tenant's user in this tenant"), stranger, null, {
        check: 'other_tenant_access',
        statuses: [403, 404],
      });
  }

  if (readOnlyRefused(operation, ctx.readPermission)) {
    const reader = await ctx.identityOf('read-only');
    if (reader)
      await exchange(probe('a read-only role on a write'), reader, null, { check: 'read_only_write', statuses: [403] });
  }
}
