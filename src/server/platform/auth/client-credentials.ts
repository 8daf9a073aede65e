import { randomBytes } from 'node:crypto';

/**
 * What a client application's token may be used for (ADR 0022). An operation names the scopes it needs with
 * `x-client-scopes`; the server refuses to start when a document names a scope missing here.
 */
export const CLIENT_SCOPES: Readonly<Record<string, string>> = {
  'results:write': 'Post interview results, call records and incomplete calls (the execution-service intake).',
};

/** Every scope: what a new client application may ask for (the form names none, so it gets them all). */
export const DEFAULT_CLIENT_SCOPES = Object.keys(CLIENT_SCOPES);

/** Client tokens live an hour: a client asks again with its secret (no refresh tokens, RFC 6749 §4.4.3). */
export const CLIENT_TOKEN_EXPIRES_IN_SECONDS = 3600;

export const CLIENT_TOKEN_PATH = '/api/authz-service/v1/oauth/token';

/** Stands where the secret goes in the sample command of a stored client (the secret itself is not kept). */
export const CLIENT_SECRET_PLACEHOLDER = '<client-secret>';

export const generateClientId = () => `vxc_${randomBytes(12).toString('hex')}`;

/** 256 random bits in base64url: no character needs quoting in a shell or encoding in HTTP Basic. */
export const generateClientSecret = () => `vxs_${randomBytes(32).toString('base64url')}`;

/**
 * The token request as a curl command (docs/product/admin-clients-and-secrets.md#sample-command): HTTP Basic
 * client authentication and a form body, as RFC 6749 §2.3.1 and §4.4.2 describe.
 */
export function sampleTokenCommand(publicUrl: string, clientId: string, secret: string, scopes: string[]): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  return [
    `curl -sS -X POST ${quote(`${publicUrl}${CLIENT_TOKEN_PATH}`)}`,
    `-u ${quote(`${clientId}:${secret}`)}`,
    `-d grant_type=client_credentials`,
    `--data-urlencode ${quote(`scope=${scopes.join(' ')}`)}`,
  ].join(' ');
}
