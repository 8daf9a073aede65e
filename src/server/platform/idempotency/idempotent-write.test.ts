import { sql } from 'kysely';
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { deleteExpiredAnswers, KEEP_ANSWERS_MS } from './idempotency-store';
import { KEY_IN_USE_MESSAGE, KEY_REUSED_MESSAGE } from './idempotent-write';

// Issue 26 finding 5: a write answered 503 may have been committed, so a client must be able to retry it safely
// (ADR 0091). The commit-then-503 case on PostgreSQL is in commit-lost.test.ts.
let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let dual: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, dual] = await t.signInAs('admin@acme.test', 'dual@globex.test');
}, 120_000);
afterAll(() => t?.close());

const createRole = (token: SignedIn, tenant: number, name: string, key?: string) =>
  t.api.call('createRole', {
    token,
    operatingTenant: tenant,
    body: { tenantId: tenant, name },
    ...(key !== undefined && { headers: { 'Idempotency-Key': key } }),
  });

const rolesNamed = async (tenant: number, name: string) =>
  Number(
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM roles WHERE tenant_id = ${tenant} AND name = ${name}`.execute(t.db)
    ).rows[0]!.n,
  );

const keptAnswers = async (key: string) =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM idempotency_keys WHERE idempotency_key = ${key}`.execute(
        t.db,
      )
    ).rows[0]!.n,
  );

test('a retry with the same key gets the stored answer and writes nothing again', async () => {
  const first = await createRole(admin, acme, 'Retry Safe', 'key-replay-1');
  expect(first.status).toBe(201);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  const again = await createRole(admin, acme, 'Retry Safe', 'key-replay-1');
  expect(again.status).toBe(201);
  expect(again.body).toEqual(first.body);
  expect(again.headers['content-type']).toBe(first.headers['content-type']);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(await rolesNamed(acme, 'Retry Safe')).toBe(1);
  expect(await keptAnswers('key-replay-1')).toBe(1);
  // Without the key the same request runs again (and is refused by the role's own rule).
  expect((await createRole(admin, acme, 'Retry Safe')).status).toBe(409);
});

test('the same key with another body, path or method is refused with 422 and changes nothing', async () => {
  expect((await createRole(admin, acme, 'Reused Key A', 'key-reused')).status).toBe(201);
  const other = await createRole(admin, acme, 'Reused Key B', 'key-reused');
  expect(other.status).toBe(422);
  expect(other.body).toEqual({ message: KEY_REUSED_MESSAGE, code: 'IDEMPOTENCY_KEY_REUSED' });
  expect(await rolesNamed(acme, 'Reused Key B')).toBe(0);
  const otherOperation = await t.api.call('saveRolePermissions', {
    token: admin,
    operatingTenant: acme,
    body: { tenantId: acme, roleId: 2147480000, accessList: [] },
    headers: { 'Idempotency-Key': 'key-reused' },
  });
  expect(otherOperation.status).toBe(422);
  expect(otherOperation.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
});

test('answers are kept per user and per operating tenant: the same key elsewhere is a new request', async () => {
  const byAdmin = await createRole(admin, acme, 'Shared Key Admin', 'key-shared');
  const byDualInAcme = await createRole(dual, acme, 'Shared Key Dual', 'key-shared');
  const byDualInGlobex = await createRole(dual, globex, 'Shared Key Globex', 'key-shared');
  expect([byAdmin.status, byDualInAcme.status, byDualInGlobex.status]).toEqual([201, 201, 201]);
  expect(byDualInAcme.body).toMatchObject({ name: 'Shared Key Dual', tenantId: acme });
  expect(byDualInGlobex.body).toMatchObject({ name: 'Shared Key Globex', tenantId: globex });
  expect(await rolesNamed(acme, 'Shared Key Dual')).toBe(1);
  expect(await rolesNamed(globex, 'Shared Key Globex')).toBe(1);
  // Each replays its own answer, never another's.
  expect((await createRole(dual, globex, 'Shared Key Globex', 'key-shared')).body).toEqual(byDualInGlobex.body);
  expect((await createRole(admin, acme, 'Shared Key Admin', 'key-shared')).body).toEqual(byAdmin.body);
  expect(await keptAnswers('key-shared')).toBe(3);
});

test('requests with one key at the same time: one writes, each other is refused with 409 or given its answer', async () => {
  // Which of the two a later request gets depends on whether the first is still running when it arrives (on a busy
  // machine the first may already be answered); either way the role is created once. The 409 itself is checked
  // deterministically across instances in commit-lost.test.ts.
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => createRole(admin, acme, 'Concurrent Key', 'key-concurrent')),
  );
  const created = answers.filter((a) => a.status === 201);
  expect(created.length).toBeGreaterThanOrEqual(1);
  for (const answer of created) expect(answer.body).toEqual(created[0]!.body);
  for (const answer of answers.filter((a) => a.status !== 201)) {
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: KEY_IN_USE_MESSAGE, code: 'IDEMPOTENCY_KEY_IN_USE' });
  }
  expect(await rolesNamed(acme, 'Concurrent Key')).toBe(1);
  expect((await createRole(admin, acme, 'Concurrent Key', 'key-concurrent')).body).toEqual(created[0]!.body);
});

test.each([
  ['empty', ''],
  ['longer than 200 characters', 'k'.repeat(201)],
  ['not printable ASCII', 'clé-1'],
  ['a control character', 'key\u0001'],
])('a key that is %s is refused with 400 and changes nothing', async (_, key) => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/user-service/v1/role',
    headers: {
      authorization: `Bearer ${admin.accessToken}`,
      'id-token': admin.idToken,
      operatingTenant: String(acme),
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    payload: JSON.stringify({ tenantId: acme, name: 'Bad Key' }),
  });
  expect(answer.statusCode).toBe(400);
  expect(answer.json().code).toBe('BAD_REQUEST');
  const fields = (answer.json() as { errors: { field: string }[] }).errors.map((e) => e.field.toLowerCase());
  expect(new Set(fields)).toEqual(new Set(['header.idempotency-key']));
  expect(await rolesNamed(acme, 'Bad Key')).toBe(0);
});

test('the key of a 200-character printable key works; a failed write keeps no answer and may be retried', async () => {
  const key = `${' ~'.repeat(99)}ok`;
  const refused = await createRole(admin, acme, '   ', key);
  expect(refused.status).toBe(422);
  expect(await keptAnswers(key)).toBe(0);
  expect((await createRole(admin, acme, 'Long Key Role', key)).status).toBe(201);
  expect(await keptAnswers(key)).toBe(1);
});

test('answers older than a day are swept and the key is free again', async () => {
  expect((await createRole(admin, acme, 'Day Old', 'key-day-old')).status).toBe(201);
  const dayAgo = new Date(t.clock.now().getTime() - KEEP_ANSWERS_MS);
  await sql`UPDATE idempotency_keys SET created_at = ${dayAgo} WHERE idempotency_key = 'key-day-old'`.execute(t.db);
  expect(await deleteExpiredAnswers(t.db, t.clock.now())).toBe(1);
  expect(await keptAnswers('key-day-old')).toBe(0);
  // A new request with the old key runs (here refused by the role's uniqueness, proving it ran).
  expect((await createRole(admin, acme, 'Day Old', 'key-day-old')).status).toBe(409);
});
