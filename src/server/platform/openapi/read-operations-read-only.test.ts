/**
 * ADR 0178: the transactions of an operation that only reads (a GET without x-unsafe-get, an x-read-by-post) are
 * read-only, so such an operation cannot write by mistake (ADR 0171 keys what it keeps by versions read before it);
 * `settleInTenant` is the one writing transaction it may open, for finishing a write the server could not see.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { AppDeps } from '../app-deps';
import { sqlState } from '../db/postgres-errors';
import type { Db } from '../db/schema';
import type { OperationSpec } from './contract';
import { tenantContext } from './request-context';

let t: TestApp;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
}, 120_000);

afterAll(() => t?.close());

const operation = (method: string, marks: Partial<OperationSpec> = {}) =>
  ({ operationId: 'probe', method, readByPost: false, unsafeGet: false, ...marks }) as OperationSpec;

function contextFor(op: OperationSpec) {
  const tenant = { id: acme, name: 'Acme Insurance', isSystem: false };
  const request = {
    access: { principal: null, operatingTenant: tenant, client: null, account: { kind: 'operating', account: tenant } },
    ip: '127.0.0.1',
    headers: {},
    log: console,
  } as unknown as FastifyRequest;
  return tenantContext({ db: t.db } as AppDeps, request, op);
}

/** Renames the account's first project to `name` (a write under row-level security), answering the rows changed. */
const rename = (name: string) => async (trx: Db) =>
  Number(
    (
      await sql`UPDATE projects SET name = ${name} WHERE id = (SELECT min(id) FROM projects WHERE tenant_id = ${acme})`.execute(
        trx,
      )
    ).numAffectedRows,
  );

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

test.each([
  ['a GET', operation('get')],
  ['a read by POST', operation('post', { readByPost: true })],
])("%s: its tenant's and its account's transactions refuse a write", async (_, op) => {
  const ctx = contextFor(op);
  expect(sqlState(await errorOf(ctx.inTenant(rename('Refused'))))).toBe('25006');
  expect(sqlState(await errorOf(ctx.inAccount(rename('Refused'))))).toBe('25006');
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM projects WHERE name = 'Refused'`.execute(
    t.db,
  );
  expect(rows[0]!.n).toBe(0);
  expect(await ctx.inTenant(async (trx) => (await sql`SELECT 1 AS one`.execute(trx)).rows)).toEqual([{ one: 1 }]);
});

test('settleInTenant writes in a read operation; a write operation and an unsafe GET write as before', async () => {
  expect(await contextFor(operation('get')).settleInTenant(rename('Settled'))).toBe(1);
  expect(await contextFor(operation('post')).inTenant(rename('Posted'))).toBe(1);
  expect(await contextFor(operation('get', { unsafeGet: true })).inAccount(rename('Unsafe'))).toBe(1);
});
