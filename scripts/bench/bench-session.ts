/** The bench tenant signed in over HTTP, as the zip benches use it (zip-cpu-profile.ts, zip-cold-start.ts). */
const RESULTS = '/execution-service/v1/interview/result';

export interface BenchSession {
  /** Headers of the bench's admin operating the bench tenant. */
  headers: Record<string, string>;
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
}

/** Signs in as the bench's admin (PROFILE_EMAIL) operating the bench tenant (PROFILE_TENANT, default Benchmark Co). */
export async function benchSession(base: string): Promise<BenchSession> {
  const login = await fetch(`${base}/authz-service/userLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: process.env.PROFILE_EMAIL ?? 'admin@voxscreen.test', password: 'Voxscreen!2026' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: HTTP ${login.status}`);
  const tokens = (await login.json()) as { access_token: string; id_token: string };
  const auth = { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token };
  const session = (await (await fetch(`${base}/user-service/v1/user/session`, { headers: auth })).json()) as {
    tenants: { tenantId: number; tenantName: string }[];
  };
  const tenant = session.tenants.find((t) => t.tenantName === (process.env.PROFILE_TENANT ?? 'Benchmark Co'));
  if (!tenant) throw new Error('the bench tenant is not among the admin tenants');
  const headers = { ...auth, operatingtenant: String(tenant.tenantId), 'content-type': 'application/json' };
  return {
    headers,
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const answer = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
  };
}

/** The ids of the project's newest results, up to `count`, read page by page as the Results tab lists them. */
export async function newestResultIds(session: BenchSession, project: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ids.length < count; page += 1) {
    const answer = await session.call<{ results: { interviewResultId: number }[] }>('POST', `${RESULTS}s`, {
      projectId: project,
      page,
      pageSize: 100,
    });
    if (answer.results.length === 0) break;
    ids.push(...answer.results.map((r) => r.interviewResultId));
  }
  return ids;
}
