import { DEMO_PASSWORD } from './app';

/** Calls the real server directly (setup and side effects of the admin journeys), as the console would. */
const base = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080';

export interface ApiSession {
  accessToken: string;
  idToken: string;
}

export async function apiSignIn(email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const response = await fetch(`${base()}/api/authz-service/userLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`userLogin ${email}: ${response.status} ${await response.text()}`);
  const tokens = (await response.json()) as { access_token: string; id_token: string };
  return { accessToken: tokens.access_token, idToken: tokens.id_token };
}

export async function apiCall<T>(
  session: ApiSession,
  tenantId: number,
  method: string,
  path: string,
  body?: { json?: unknown; form?: Record<string, string> },
): Promise<T> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${session.accessToken}`,
    'id-token': session.idToken,
    operatingTenant: String(tenantId),
  };
  let payload: BodyInit | undefined;
  if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body?.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(body.form)) form.append(name, value);
    payload = form;
  }
  const response = await fetch(`${base()}/api${path}`, { method, headers, body: payload });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A file answer (a PDF, an export) of the real server, as bytes. */
export async function apiDownload(session: ApiSession, tenantId: number, path: string): Promise<Buffer> {
  const response = await fetch(`${base()}/api${path}`, {
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      'id-token': session.idToken,
      operatingTenant: String(tenantId),
    },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The tenant id of an account the session's user belongs to, by name. */
export async function tenantIdOf(session: ApiSession, name: string): Promise<number> {
  const response = await fetch(`${base()}/api/user-service/v1/tenant/tenants`, {
    headers: { authorization: `Bearer ${session.accessToken}`, 'id-token': session.idToken },
  });
  const tenants = (await response.json()) as { tenantId: number; tenantName: string }[];
  const found = tenants.find((tenant) => tenant.tenantName === name);
  if (!found) throw new Error(`No tenant ${name}`);
  return found.tenantId;
}

/** Opens a set-password link in the browser (on the server under test) and chooses a password. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
