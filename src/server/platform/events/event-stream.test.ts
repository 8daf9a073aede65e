/**
 * Live updates on the embedded database (ADR 0078): the operating tenant's stream hears its committed changes as
 * contract tags, never another tenant's; a reconnect with Last-Event-ID is told what it missed, or to resync.
 */
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { withTenant } from '../tenancy/with-tenant';
import type { SignedIn } from '../../testing/api-client';
import { openEventStream, type OpenStream } from '../../testing/event-stream-reader';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CHANGE_TAGS } from './change-tags';

let t: TestApp;
let base: string;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let globexAdmin: SignedIn;
const open: OpenStream[] = [];

const stream = async (token: SignedIn, tenant: number, lastEventId?: string) => {
  const s = await openEventStream(base, token, tenant, lastEventId);
  open.push(s);
  return s;
};
/** A committed write to one of the tenant's projects, as any instance or client could make. */
const touchProject = (tenant: number) =>
  withTenant(t.db, tenant, (trx) =>
    sql`UPDATE projects SET updated_at = updated_at WHERE id = (SELECT min(id) FROM projects)`.execute(trx),
  );

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, globexAdmin] = await t.signInAs('admin@acme.test', 'dual@globex.test');
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

test('a change to one tenant reaches its stream as tags within a second, and never the other tenant', async () => {
  const acmeStream = await stream(acmeAdmin, acme);
  const globexStream = await stream(globexAdmin, globex);
  expect(acmeStream.status).toBe(200);
  const ready = await acmeStream.next((e) => e.event === 'ready');
  expect(ready.data).toEqual({ tenantId: acme, version: Number(ready.id) });
  await globexStream.next((e) => e.event === 'ready');

  const started = Date.now();
  await touchProject(acme);
  const change = await acmeStream.next((e) => e.event === 'change', 1_000);
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(change.data).toEqual({ tags: ['Dashboard', 'Project'] });
  expect(Number(change.id)).toBeGreaterThan(Number(ready.id));

  await touchProject(globex);
  await globexStream.next((e) => e.event === 'change');
  // Acme's stream saw only its own change, though both tenants wrote.
  expect(acmeStream.events.filter((e) => e.event === 'change')).toHaveLength(1);
  expect(globexStream.events.filter((e) => e.event === 'change')).toHaveLength(1);
});

test('a reconnect with Last-Event-ID gets what it missed as one change; one the instance cannot vouch for gets resync', async () => {
  const first = await stream(acmeAdmin, acme);
  const ready = await first.next((e) => e.event === 'ready');
  first.close();
  await touchProject(acme);
  await touchProject(acme);

  const again = await stream(acmeAdmin, acme, ready.id!);
  const missed = await again.next((e) => e.event === 'change');
  expect(missed.data).toEqual({ tags: ['Dashboard', 'Project'] });
  const resumed = await again.next((e) => e.event === 'ready');
  expect(Number(resumed.id)).toBe(Number(ready.id) + 2);

  // Version 1 is from before this instance started: it cannot say what changed since, so the console refetches all.
  const stale = await stream(acmeAdmin, acme, '1');
  expect((await stale.next((e) => e.event === 'resync')).data).toEqual({ reason: 'history' });
});

test('refusals: no session 401, a tenant the user does not belong to 403, a malformed Last-Event-ID 400', async () => {
  expect((await t.api.call('streamTenantEvents', { operatingTenant: acme })).status).toBe(401);
  expect((await t.api.call('streamTenantEvents', { token: globexAdmin, operatingTenant: acme + 1000 })).status).toBe(
    403,
  );
  const [analyst] = await t.signInAs('analyst@acme.test');
  expect((await t.api.call('streamTenantEvents', { token: analyst, operatingTenant: globex })).status).toBe(403);
  expect(
    (
      await t.api.call('streamTenantEvents', {
        token: acmeAdmin,
        operatingTenant: acme,
        headers: { 'Last-Event-ID': 'abc' },
      })
    ).status,
  ).toBe(400);
});

test('the tags an event can name are the contract enum, and each is a tag of the documents', () => {
  const document = JSON.parse(
    readFileSync(join(__dirname, '../../../contracts/user-service.openapi.json'), 'utf8'),
  ) as { components: { schemas: { TenantChange: { properties: { tags: { items: { enum: string[] } } } } } } };
  expect(document.components.schemas.TenantChange.properties.tags.items.enum).toEqual(CHANGE_TAGS);
  const services = ['user', 'project', 'participant', 'execution', 'data', 'authz'];
  const documented = new Set(
    services.flatMap((service) =>
      (
        JSON.parse(readFileSync(join(__dirname, `../../../contracts/${service}-service.openapi.json`), 'utf8')) as {
          tags: { name: string }[];
        }
      ).tags.map((tag) => tag.name),
    ),
  );
  expect(CHANGE_TAGS.filter((tag) => !documented.has(tag))).toEqual([]);
});
