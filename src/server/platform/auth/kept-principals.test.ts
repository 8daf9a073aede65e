/**
 * ADR 0199: on the embedded engine a session principal is kept until the engine is sent anything that may write, and
 * never past the session's end. A repeated request sends the engine nothing for it; a sign-out, a role's permission
 * taken away, a membership removed or a user deactivated is refused on the very next request; so is a session past
 * its `expires_at` with nothing written at all.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { HOUR, MINUTE } from '../clock';
import { embeddedEngineOf } from '../db/open-database';
import type { BatchStep, PGliteEngine } from '../db/pglite-worker-client';
import { withSystem } from '../tenancy/with-tenant';
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { KeptPrincipals } from './kept-principals';
import type { EstablishedAccess } from './principal';

let t: TestApp;
let acme: number;
let engine: PGliteEngine;
/** The SQL of each message the engine's worker was sent since it was emptied. */
const messages: string[][] = [];

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.tenantId('Acme Insurance');
  // The test database runs in a worker thread, as the server's (database-template.ts).
  engine = embeddedEngineOf(t.db)!;
  const batch = engine.batch!.bind(engine);
  jest.spyOn(engine, 'batch').mockImplementation((steps: BatchStep[], readsOnly?: boolean) => {
    messages.push(steps.map((step) => step.sql));
    return batch(steps, readsOnly);
  });
}, 120_000);
afterAll(async () => {
  jest.restoreAllMocks();
  await t?.close();
});

const userInfo = (token: SignedIn) => t.api.call('getUserInfo', { token });
const callCenters = (token: SignedIn) => t.api.call('listCallCenters', { token, operatingTenant: acme });
const principalReads = () => messages.flat().filter((text) => text.includes('app_session_principal'));

test('a repeated request sends the engine nothing for its principal; the first reads it in a read-only transaction', async () => {
  const token = await t.signIn('admin@acme.test');
  messages.length = 0;
  expect((await userInfo(token)).status).toBe(200);
  const first = messages.find((texts) => texts.some((text) => text.includes('app_session_principal')))!;
  expect(first.filter((text) => text !== 'commit')[0]).toBe('begin read only');
  messages.length = 0;
  const writes = engine.writesSent;
  expect((await userInfo(token)).status).toBe(200);
  expect((await callCenters(token)).status).toBe(200); // another tenant named: its own principal read, kept after
  expect((await callCenters(token)).status).toBe(200);
  expect(principalReads()).toHaveLength(1);
  expect(engine.writesSent).toBe(writes);
});

test('signing out is refused on the next request, although the principal was kept', async () => {
  const token = await t.signIn('analyst@acme.test');
  await userInfo(token);
  messages.length = 0;
  expect((await userInfo(token)).status).toBe(200);
  expect(principalReads()).toEqual([]); // kept
  await t.api.ok('logoutUser', { token });
  expect((await userInfo(token)).status).toBe(401);
});

test("a permission taken from the user's role is refused on the next request", async () => {
  const token = await t.signIn('admin@acme.test');
  expect((await callCenters(token)).status).toBe(200);
  expect((await callCenters(token)).status).toBe(200);
  const taken = await withSystem(t.db, async (trx) => {
    const { rows } = await sql<{ role_id: number; permission_id: number }>`
      UPDATE role_permissions rp SET active = false
      FROM user_tenants ut, users u, permissions p
      WHERE u.email = 'admin@acme.test' AND ut.user_id = u.id AND ut.tenant_id = ${acme} AND rp.role_id = ut.role_id
        AND p.id = rp.permission_id AND p.permission = 'callcenter.read' AND rp.active
      RETURNING rp.role_id, rp.permission_id`.execute(trx);
    return rows;
  });
  expect(taken).toHaveLength(1);
  try {
    expect((await callCenters(token)).status).toBe(403);
  } finally {
    await withSystem(t.db, (trx) =>
      trx
        .updateTable('role_permissions')
        .set({ active: true })
        .where('role_id', '=', taken[0]!.role_id)
        .where('permission_id', '=', taken[0]!.permission_id)
        .execute(),
    );
  }
  expect((await callCenters(token)).status).toBe(200);
});

test('a membership removed is refused on the next request that names its account', async () => {
  const token = await t.signIn('dual@globex.test');
  expect((await callCenters(token)).status).toBe(200);
  const removed = await withSystem(t.db, (trx) =>
    trx
      .deleteFrom('user_tenants')
      .where('tenant_id', '=', acme)
      .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', 'dual@globex.test'))
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  try {
    expect((await callCenters(token)).status).toBe(403);
  } finally {
    await withSystem(t.db, (trx) => trx.insertInto('user_tenants').values(removed).execute());
  }
});

test('a session past its end is refused with nothing written since its principal was kept', async () => {
  const token = await t.signIn('agent@acme.test');
  // The session ends in a minute (its tokens live longer): a write, so the next request reads the principal again.
  await withSystem(t.db, (trx) =>
    trx
      .updateTable('sessions')
      .set({ expires_at: new Date(t.clock.now().getTime() + MINUTE) })
      .where('ended_at', 'is', null)
      .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', 'agent@acme.test'))
      .execute(),
  );
  expect((await userInfo(token)).status).toBe(200);
  expect((await userInfo(token)).status).toBe(200);
  const start = t.clock.now();
  const writes = engine.writesSent;
  try {
    t.clock.advance(2 * MINUTE);
    expect((await userInfo(token)).status).toBe(401);
    expect(engine.writesSent).toBe(writes); // the kept entry was refused by its time, not dropped by a write
  } finally {
    t.clock.set(start);
  }
  t.clock.advance(HOUR); // later tests' sessions are new ones
});

test('only the rate-limit counters write without dropping the kept principals, and their table has no trigger', async () => {
  const server = join(import.meta.dirname, '../..');
  const marking = readdirSync(server, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
    .filter((file) => readFileSync(join(server, file), 'utf8').includes('sql.raw(WRITES_NOTHING_KEPT)'))
    .map((file) => relative(server, join(server, file)));
  expect(marking).toEqual(['platform/http/shared-counters.ts']);
  const text = readFileSync(join(server, 'platform/http/shared-counters.ts'), 'utf8');
  const marked = text.split('sql.raw(WRITES_NOTHING_KEPT)}').slice(1);
  expect(marked).toHaveLength(3);
  for (const statement of marked) expect(statement).toMatch(/^\s*(INSERT INTO|DELETE FROM) rate_limit_counters\b/);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = 'rate_limit_counters'::regclass`.execute(t.db);
  expect(rows[0]!.n).toBe(0);
});

describe('KeptPrincipals', () => {
  const access = { principal: { userId: 1 } } as unknown as EstablishedAccess;
  const key = { sessionId: 1, userId: 1, requestedTenant: 2 };
  const now = new Date('2026-12-01T00:00:00Z');
  const later = new Date('2026-12-02T00:00:00Z');

  test('keeps an answer until a write is sent, and not one read while a write was sent', () => {
    let writes = 0;
    const kept = new KeptPrincipals(() => writes);
    const mark = kept.mark();
    kept.keep(key, mark, access, later);
    expect(kept.get(key, now)).toBe(access);
    expect(kept.get({ ...key, requestedTenant: 3 }, now)).toBeNull();
    writes++;
    expect(kept.get(key, now)).toBeNull();
    const stale = kept.mark();
    writes++;
    kept.keep(key, stale, access, later);
    expect(kept.get(key, now)).toBeNull();
    expect(kept.size).toBe(0);
  });

  test("never past the session's end", () => {
    const kept = new KeptPrincipals(() => 0);
    kept.keep(key, kept.mark(), access, later);
    expect(kept.get(key, new Date(later.getTime() - 1))).toBe(access);
    expect(kept.get(key, later)).toBeNull();
  });
});
