import type { AppDeps } from '../../../platform/app-deps';
import { recordAudit } from '../../../platform/audit/record-audit';
import { CLIENT_TOKEN_EXPIRES_IN_SECONDS } from '../../../platform/auth/client-credentials';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import { OAuthError } from './oauth-error';
import { findClientByClientId } from './oauth-store';

/** docs/product/admin-clients-and-secrets.md#token-endpoint */
export const TOKEN_MESSAGES = {
  grantTypeMissing: 'The grant_type parameter is required.',
  grantTypeUnsupported: 'Only the client_credentials grant is supported.',
  twoMethods: 'Authenticate the client with one method only: HTTP Basic or the client_id and client_secret parameters.',
  badClient: 'Client authentication failed.',
  badScope: 'The requested scope is not valid for this client.',
} as const;

export interface TokenRequest {
  form: Record<string, unknown>;
  authorization: string | null;
  ip: string;
}

/** RFC 6749 §2.3.1: HTTP Basic with the form-urlencoded client id and secret; null without a Basic header. */
function basicCredentials(header: string | null): { clientId: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', TOKEN_MESSAGES.badClient);
  try {
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    return { clientId: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError('invalid_client', TOKEN_MESSAGES.badClient);
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function clientCredentialsOf(request: TokenRequest) {
  const basic = basicCredentials(request.authorization);
  const formId = text(request.form.client_id);
  const formSecret = text(request.form.client_secret);
  if (basic && (formSecret !== undefined || (formId !== undefined && formId !== basic.clientId))) {
    throw new OAuthError('invalid_request', TOKEN_MESSAGES.twoMethods);
  }
  if (basic) return basic;
  if (formId && formSecret) return { clientId: formId, secret: formSecret };
  throw new OAuthError('invalid_client', TOKEN_MESSAGES.badClient);
}

/**
 * The client credentials grant (RFC 6749 §4.4): authenticates the client (scrypt, constant time, the same work
 * for an unknown client), checks the scope and issues a token of at most the client's scopes (ADR 0022).
 * Every issue and refusal of a known client is audited in its tenant.
 */
export async function grantClientCredentials(deps: AppDeps, request: TokenRequest) {
  const grantType = text(request.form.grant_type);
  if (!grantType) throw new OAuthError('invalid_request', TOKEN_MESSAGES.grantTypeMissing);
  if (grantType !== 'client_credentials')
    throw new OAuthError('unsupported_grant_type', TOKEN_MESSAGES.grantTypeUnsupported);
  const { clientId, secret } = clientCredentialsOf(request);
  const client = await withSystem(deps.db, (trx) => findClientByClientId(trx, clientId));
  const secretMatches = await deps.passwords.verify(secret, client?.secret_hash ?? null);
  const audit = (activity: 'CLIENT_TOKEN_ISSUED' | 'CLIENT_TOKEN_REFUSED', detail: Record<string, unknown>) =>
    client
      ? withSystem(deps.db, (trx) =>
          recordAudit(trx, {
            activity,
            tenantId: client.tenant_id,
            userId: null,
            email: null,
            ip: request.ip,
            at: deps.clock.now(),
            detail: { clientApplicationId: client.id, clientId: client.client_id, ...detail },
          }),
        )
      : Promise.resolve();
  if (!client || !secretMatches || !client.tenant_active) {
    await audit('CLIENT_TOKEN_REFUSED', { error: 'invalid_client' });
    throw new OAuthError('invalid_client', TOKEN_MESSAGES.badClient);
  }
  const requested = text(request.form.scope)?.split(' ').filter(Boolean);
  const scopes = requested?.length ? [...new Set(requested)] : client.scopes;
  if (!scopes.every((scope) => client.scopes.includes(scope))) {
    await audit('CLIENT_TOKEN_REFUSED', { error: 'invalid_scope', scope: requested?.join(' ') ?? '' });
    throw new OAuthError('invalid_scope', TOKEN_MESSAGES.badScope);
  }
  const issued = await deps.tokens.issueClientToken(
    { clientId: client.client_id, tenantId: client.tenant_id, credentialVersion: client.credential_version, scopes },
    CLIENT_TOKEN_EXPIRES_IN_SECONDS,
  );
  await audit('CLIENT_TOKEN_ISSUED', { scope: scopes.join(' ') });
  return { accessToken: issued.accessToken, expiresIn: issued.expiresIn, scope: scopes.join(' ') };
}
