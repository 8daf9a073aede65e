/**
 * Who the kit calls as. Every identity holds a value per security scheme of the documents; sessions come from the
 * documents' own sign-in operation (an open POST taking a password and answering an `access_token`), client
 * applications from their token operation (an open POST taking `grant_type`). Nothing here names an operation.
 */
import { isOpen, type KitOperation, type SecurityScheme } from './contract-model';
import type { SecretValue } from './http-request';

export type RoleName = 'caller' | 'read-only' | 'other-tenant' | 'client';

export interface Identity {
  role: RoleName;
  /** Raw value per security scheme name (a bearer token without its `Bearer ` prefix). */
  values: Record<string, string>;
}

export type RoleSpec = { email: string; password: string } | { credentials: Record<string, string> };
export type ClientSpec = { clientId: string; clientSecret: string } | { credentials: Record<string, string> };

const normal = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const properties = (schema: unknown): Record<string, unknown> =>
  typeof schema === 'object' && schema !== null
    ? (((schema as { properties?: unknown }).properties ?? {}) as Record<string, unknown>)
    : {};

function successSchema(operation: KitOperation): unknown {
  const response = operation.responses.find((r) => /^2\d\d$/.test(r.status));
  return response?.content['application/json']?.schema ?? null;
}

/** The documents' sign-in: an open POST whose JSON body takes a password and whose answer holds an access token. */
export function findSignIn(operations: KitOperation[]): KitOperation | null {
  return (
    operations.find((op) => {
      if (op.method !== 'post' || !isOpen(op)) return false;
      const body = properties(op.requestBody?.content['application/json']?.schema);
      return (
        'password' in body && ('email' in body || 'username' in body) && 'access_token' in properties(successSchema(op))
      );
    }) ?? null
  );
}

/** The documents' OAuth token endpoint for client credentials: an open POST whose body takes `grant_type`. */
export function findTokenEndpoint(operations: KitOperation[]): KitOperation | null {
  return (
    operations.find(
      (op) =>
        op.method === 'post' &&
        isOpen(op) &&
        Object.values(op.requestBody?.content ?? {}).some((media) => 'grant_type' in properties(media.schema)) &&
        'access_token' in properties(successSchema(op)),
    ) ?? null
  );
}

/** Every security scheme of the documents, by name. */
export function schemesOf(operations: KitOperation[]): Record<string, SecurityScheme> {
  return Object.assign({}, ...operations.map((op) => op.schemes)) as Record<string, SecurityScheme>;
}

/**
 * A token answer mapped onto the schemes: `access_token` for the bearer scheme, and for an API-key scheme the
 * answer's field of the same name (`Id-Token` ↔ `id_token`).
 */
export function valuesFromTokenAnswer(
  answer: Record<string, unknown>,
  schemes: Record<string, SecurityScheme>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, scheme] of Object.entries(schemes)) {
    if ((scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') || scheme.type === 'oauth2') {
      if (typeof answer.access_token === 'string') values[name] = answer.access_token;
      continue;
    }
    if (scheme.type !== 'apiKey') continue;
    const field = Object.keys(answer).find(
      (key) => normal(key) === normal(scheme.name ?? '') || normal(key) === normal(name),
    );
    if (field && typeof answer[field] === 'string') values[name] = answer[field] as string;
  }
  return values;
}

const variableOf = (role: RoleName, scheme: string) => `${role}_${scheme}`.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

/** The header or query values that present `schemes` of an identity. */
export function secretsFor(identity: Identity, schemes: string[], all: Record<string, SecurityScheme>): SecretValue[] {
  const secrets: SecretValue[] = [];
  for (const name of schemes) {
    const value = identity.values[name];
    const scheme = all[name];
    if (value === undefined || !scheme) continue;
    const variable = variableOf(identity.role, name);
    if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
      secrets.push({ where: 'header', name: 'authorization', value: `Basic ${value}`, variable });
    else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect')
      secrets.push({ where: 'header', name: 'authorization', value: `Bearer ${value}`, variable });
    else if (scheme.type === 'apiKey' && scheme.in === 'query')
      secrets.push({ where: 'query', name: scheme.name ?? name, value, variable });
    else if (scheme.type === 'apiKey')
      secrets.push({ where: 'header', name: (scheme.name ?? name).toLowerCase(), value, variable });
  }
  return secrets;
}

/** The alternative of an operation's security the identity can present in full, if any. */
export function satisfiedAlternative(operation: KitOperation, identity: Identity): string[] | null {
  return operation.security.find((alternative) => alternative.every((name) => name in identity.values)) ?? null;
}

/** The alternative the identity covers best (most schemes present), when none is covered in full. */
export function closestAlternative(operation: KitOperation, identity: Identity): string[] {
  const scored = operation.security.map((alternative) => ({
    alternative,
    present: alternative.filter((name) => name in identity.values),
  }));
  scored.sort((a, b) => b.present.length - a.present.length);
  return scored[0]?.present ?? [];
}

/** Credentials given on the command line: `*bearer` (from --token) stands for every bearer scheme of the documents. */
export function expandCredentials(
  given: Record<string, string>,
  schemes: Record<string, SecurityScheme>,
): Record<string, string> {
  const { '*bearer': bearer, ...values } = given;
  if (bearer !== undefined)
    for (const [name, scheme] of Object.entries(schemes))
      if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') values[name] = bearer;
  return values;
}
