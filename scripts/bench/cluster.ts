/**
 * `npm run bench -- --only cluster` (ADR 0080, docs/scaling.md): requests/s through nginx in front of 1, 2 and 3
 * instances of the compiled server on one PostgreSQL (userInfo and the project list at 50 connections, 10 s each),
 * and how evenly the balancer split them (each instance's own request count, from its metrics). On a machine
 * with fewer cores than instances plus the database, the figures show the overhead, not the scaling.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startCluster, type Instance } from '../lib/cluster';

const served = async (instance: Instance) =>
  [...(await (await fetch(instance.metricsUrl)).text()).matchAll(/^voxscreen_http_requests_total\{[^}]*\} (\d+)/gm)]
    .map((m) => Number(m[1]))
    .reduce((a, b) => a + b, 0);

export async function clusterFigures(): Promise<void> {
  console.log(`\nCluster: nginx round-robin over N instances on one PostgreSQL, 50 connections, 10 s per call`);
  for (const count of [1, 2, 3]) {
    // The per-tenant limiter would answer most of these 429: this measures throughput, not the limit.
    const cluster = await startCluster({ instances: count, env: { API_RATE_LIMIT_PER_10S: '1000000' } });
    try {
      const login = await fetch(`${cluster.url}/api/authz-service/userLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@acme.test', password: 'Voxscreen!2026' }),
      });
      const tokens = (await login.json()) as { access_token: string; id_token: string };
      const auth = { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token };
      const [acme] = (await (
        await fetch(`${cluster.url}/api/user-service/v1/tenant/tenants`, { headers: auth })
      ).json()) as { tenantId: number }[];
      const headers = { ...auth, operatingtenant: String(acme!.tenantId) };
      for (const [label, url] of [
        ['userInfo', `${cluster.url}/api/user-service/v1/user/userInfo`],
        ['project list', `${cluster.url}/api/project-service/v1/project/projectListNew?defaultStatus=true`],
      ] as const) {
        const before = await Promise.all(cluster.instances.map(served));
        const result = await autocannon({ url, headers, connections: 50, duration: 10 });
        const after = await Promise.all(cluster.instances.map(served));
        const split = after.map((n, i) => n - before[i]!);
        const total = split.reduce((a, b) => a + b, 0) || 1;
        console.log(
          `  ${count} instance(s), ${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
            `p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx; split ${split
              .map((n) => `${Math.round((100 * n) / total)} %`)
              .join(' / ')}; load ${loadavg()[0]!.toFixed(2)}`,
        );
      }
    } finally {
      await cluster.stop();
    }
  }
}
