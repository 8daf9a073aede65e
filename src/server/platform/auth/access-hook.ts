import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { TenantVersions } from '../cache/data-version-store';
import { forbidden, unauthorized } from '../http/http-error';
import { providerAccountRequired, tenantForbidden } from '../tenancy/tenant-refusals';
import type { AccessRequirements } from '../openapi/contract';
import { parseInt32Text } from '../openapi/input-rules';
import type { ScopedAccount } from './account-scope';
import type { ClientPrincipal } from './client-principal';
import { sessionPrincipal } from './kept-principals';
import type { OperatingTenant, Principal } from './principal';

export interface RequestAccess {
  principal: Principal | null;
  operatingTenant: OperatingTenant | null;
  /** The client application of an `x-client-scopes` operation (ADR 0022); null on every other operation. */
  client: ClientPrincipal | null;
  /**
   * The account the operation acts on (x-account-scope, ADR 0062), set after validation by the account-scope hook;
   * null until then and on operations without a required operating tenant.
   */
  account: ScopedAccount | null;
  /**
   * The operating tenant's versions, read with the principal (ADR 0171); null without an operating tenant. Only a read
   * operation of that account uses them (request-context.ts): a write must see its own writes move them.
   */
  operatingVersions: TenantVersions | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access hook of every contract route; null elsewhere (static files, 404s). */
    access: RequestAccess | null;
  }
}

export const INACTIVE_ACCOUNT_MESSAGE =
  "Your account is inactive. Please contact the provider's support for assistance.";

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** The operatingTenant header read as request validation reads it (input-rules), so both agree on every value. */
function positiveInteger(value: string | string[] | undefined): number | null {
  const n = parseInt32Text(value);
  return n !== null && n > 0 ? n : null;
}

export const CLIENT_SCOPE_MESSAGE = 'The client application is not authorised for this operation.';

/**
 * An `x-client-scopes` operation: a client-credentials token (no Id-Token) of a client that still exists with the
 * same credential version, holding every scope the operation names. A user's tokens are not client tokens (401).
 */
async function establishClient(deps: AppDeps, request: FastifyRequest, access: AccessRequirements) {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  let verified;
  try {
    verified = await deps.tokens.verifyClientToken(token);
  } catch {
    throw unauthorized();
  }
  const client = await deps.clientPrincipals.load(verified);
  if (!client) throw unauthorized();
  if (!access.clientScopes.every((scope) => client.scopes.has(scope))) throw forbidden(CLIENT_SCOPE_MESSAGE);
  return client;
}

/**
 * The one place that enforces what an operation declares (x-public, x-permissions, x-permissions-any,
 * x-system-tenant (and operating in the system tenant), the operatingTenant header, x-client-scopes). Runs on request, before the body is read or
 * validated, so an unauthenticated caller learns nothing about the request shape. Handlers never re-check. The
 * account a request names (x-account-scope) is in the body as often as not, so its check runs once the body is
 * validated: account-scope.ts.
 */
export function createAccessHook(deps: AppDeps, access: AccessRequirements) {
  return async function accessHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const established: RequestAccess = {
      principal: null,
      operatingTenant: null,
      client: null,
      account: null,
      operatingVersions: null,
    };
    request.access = established;
    if (access.public) return;
    if (access.clientScopes.length) {
      const client = await establishClient(deps, request, access);
      established.client = client;
      established.operatingTenant = client.tenant;
      return;
    }

    const accessToken = bearerToken(request.headers.authorization);
    const idTokenHeader = request.headers['id-token'];
    const idToken = typeof idTokenHeader === 'string' ? idTokenHeader.trim() : '';
    if (!accessToken || !idToken) throw unauthorized();
    let verified;
    try {
      const [fromAccess, fromId] = await Promise.all([
        deps.tokens.verifyAccessToken(accessToken),
        deps.tokens.verifyIdToken(idToken),
      ]);
      if (fromAccess.sessionId !== fromId.sessionId || fromAccess.userId !== fromId.userId)
        throw new Error('Token mismatch');
      verified = fromAccess;
    } catch {
      throw unauthorized();
    }

    const requestedTenant = access.operatingTenant === 'none' ? null : positiveInteger(request.headers.operatingtenant);
    // One read statement, so no transaction of its own; on the embedded engine kept until anything writes (ADR 0199).
    const found = await sessionPrincipal(deps.db, deps.keptPrincipals, verified, deps.clock.now(), requestedTenant);
    if (!found) throw unauthorized();
    const { principal, membership, versions } = found;
    established.principal = principal;

    if (!principal.homeTenantActive) {
      throw forbidden(INACTIVE_ACCOUNT_MESSAGE, {
        code: 'ACCOUNT_INACTIVE',
        authorization: { application: INACTIVE_ACCOUNT_MESSAGE },
      });
    }
    // A missing or malformed required header is left to request validation (400); it never reaches a handler.
    if (access.operatingTenant === 'required' && requestedTenant !== null && !membership) {
      throw tenantForbidden();
    }
    established.operatingTenant = membership;
    established.operatingVersions = membership ? versions : null;
    if (access.systemTenant && !principal.homeTenantIsSystem) throw forbidden();
    if (!access.permissions.every((p) => principal.permissions.has(p))) throw forbidden();
    if (access.permissionsAny.length && !access.permissionsAny.some((p) => principal.permissions.has(p)))
      throw forbidden();
    // As above: without a well-formed header, request validation answers 400.
    if (access.systemTenantOperating && requestedTenant !== null && !membership?.isSystem)
      throw providerAccountRequired();
  };
}
