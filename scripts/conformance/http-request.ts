/**
 * A request the kit sends: built from values per parameter and a body value, serialised as OpenAPI's defaults say
 * (form style, exploded arrays in the query; simple style in the path and headers), sent with fetch and shown as a
 * curl line in which credentials are shell variables, never their values.
 */
import type { KitOperation } from './contract-model';
import { isFile } from './schema-values';

export interface BodyPlan {
  mediaType: string;
  /** The value to serialise as the media type says; a raw payload is sent as it is (malformed bodies). */
  value?: unknown;
  raw?: string;
}

export interface RequestPlan {
  /** What the request is, e.g. `valid 2`, `missing credentials`, `invalid: body.name of the wrong type`. */
  label: string;
  kind: 'valid' | 'invalid' | 'security';
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: BodyPlan;
}

/** A credential header or query value, with the shell variable the curl line names instead of it. */
export interface SecretValue {
  where: 'header' | 'query';
  name: string;
  value: string;
  variable: string;
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
  curl: string;
}

const scalar = (value: unknown): string =>
  value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

function serialiseBody(body: BodyPlan): { payload: BodyInit; contentType?: string; curlData: string } {
  if (body.raw !== undefined)
    return { payload: body.raw, contentType: body.mediaType, curlData: `--data-raw ${quote(body.raw)}` };
  if (body.mediaType === 'multipart/form-data') {
    const form = new FormData();
    const parts: string[] = [];
    for (const [name, value] of Object.entries((body.value ?? {}) as Record<string, unknown>)) {
      for (const item of Array.isArray(value) && !isFile(value) ? value : [value]) {
        if (isFile(item)) {
          form.append(name, new Blob([new Uint8Array(item.content)], { type: item.contentType }), item.filename);
          parts.push(`-F ${quote(`${name}=@${item.filename};type=${item.contentType}`)}`);
        } else if (item !== undefined) {
          form.append(name, scalar(item));
          parts.push(`-F ${quote(`${name}=${scalar(item)}`)}`);
        }
      }
    }
    return { payload: form, curlData: parts.join(' ') };
  }
  if (body.mediaType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries((body.value ?? {}) as Record<string, unknown>))
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined) form.append(name, scalar(item));
    const text = form.toString();
    return { payload: text, contentType: body.mediaType, curlData: `--data-raw ${quote(text)}` };
  }
  const text = JSON.stringify(body.value);
  return { payload: text, contentType: body.mediaType, curlData: `--data-raw ${quote(text)}` };
}

/** Single-quoted for a POSIX shell. */
export const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const MAX_CURL_DATA = 4000;

/** The URL, headers and body of a plan, for fetch and as a curl line. */
export function buildRequest(
  baseUrl: string,
  operation: KitOperation,
  plan: RequestPlan,
  secrets: SecretValue[],
): SentRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = plan.path[name];
    return encodeURIComponent(Array.isArray(value) ? value.map(scalar).join(',') : scalar(value ?? ''));
  });
  const url = new URL(`${baseUrl.replace(/\/$/, '')}${operation.basePath}${path}`);
  for (const [name, value] of Object.entries(plan.query)) {
    if (value === undefined) continue;
    const parameter = operation.parameters.find((p) => p.in === 'query' && p.name === name);
    if (Array.isArray(value) && (parameter?.explode ?? true))
      for (const item of value) url.searchParams.append(name, scalar(item));
    else url.searchParams.append(name, Array.isArray(value) ? value.map(scalar).join(',') : scalar(value));
  }
  const curlUrl = new URL(url);
  for (const secret of secrets.filter((s) => s.where === 'query')) {
    url.searchParams.set(secret.name, secret.value);
    curlUrl.searchParams.set(secret.name, `$${secret.variable}`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(plan.headers)) if (value !== undefined) headers[name] = scalar(value);
  const curl = [
    `curl -sS -X ${operation.method.toUpperCase()}`,
    quote(curlUrl.toString()).replace(/%24(\w+)/g, '\'"$$$1"\''),
  ];
  for (const [name, value] of Object.entries(headers)) curl.push(`-H ${quote(`${name}: ${value}`)}`);
  for (const secret of secrets.filter((s) => s.where === 'header')) {
    headers[secret.name] = secret.value;
    const shown = secret.value.startsWith('Bearer ') ? `Bearer $${secret.variable}` : `$${secret.variable}`;
    curl.push(`-H "${secret.name}: ${shown}"`);
  }
  let body: BodyInit | undefined;
  if (plan.body) {
    const serialised = serialiseBody(plan.body);
    body = serialised.payload;
    if (serialised.contentType) {
      headers['content-type'] = serialised.contentType;
      curl.push(`-H ${quote(`content-type: ${serialised.contentType}`)}`);
    }
    curl.push(
      serialised.curlData.length > MAX_CURL_DATA
        ? `${serialised.curlData.slice(0, MAX_CURL_DATA)}… (cut at ${MAX_CURL_DATA} characters)`
        : serialised.curlData,
    );
  }
  return {
    method: operation.method.toUpperCase(),
    url: url.toString(),
    headers,
    ...(body !== undefined && { body }),
    curl: curl.join(' '),
  };
}
