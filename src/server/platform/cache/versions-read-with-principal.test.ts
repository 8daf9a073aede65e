/**
 * ADR 0171: a read operation of the operating account keeps its parts under the versions the access hook read with
 * the session principal, so a whole-code Call Records request sends no statement of its own for them; another
 * account's code is still not found, a write is seen by the next request, and the provider reading another account
 * (or any operation that may write) still reads the versions in its transaction.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { embeddedEngineOf } from '../db/open-database';
import type { BatchStep, PGliteEngine } from '../db/pglite-worker-client';
import type { OperationSpec } from '../openapi/contract';
import { tenantContext } from '../openapi/request-context';

let t: TestApp;
let acme: number;
let globex: number;
let voxscreen: number;
let admin: SignedIn;
let provider: SignedIn;
let acmeCode: string;
let globexCode: string;
/** Each message the embedded engine's worker was sent (one a round trip to it), as the SQL of its statements. */
const messages: string[][] = [];
/** The SQL of every statement the embedded engine ran since `messages` was emptied. */
const sent = () => messages.flat();

const WINDOW = { startDate: '2020-01-01', endDate: '2030-01-01', pageSize: 10 };

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex, voxscreen } = await t.seededTenants());
  [admin, provider] = await t.signInAs('admin@acme.test', 'admin@voxscreen.test');
  acmeCode = await callsWith(acme, ['VR-A0000123', 'VR-A0000123', 'VR-A0000124', 'VR-A0000125']);
  globexCode = await callsWith(globex, ['VR-G0000777']);
  // The test database runs in a worker thread, as the server's (database-template.ts): every call is one message.
  const engine = embeddedEngineOf(t.db) as PGliteEngine & Required<Pick<PGliteEngine, 'batch'>>;
  const spy = <K extends 'query' | 'exec' | 'batch'>(name: K, texts: (arg: never) => string[]) => {
    const original = (engine[name] as (...a: unknown[]) => unknown).bind(engine);
    jest.spyOn(engine, name).mockImplementation(((first: never, ...rest: unknown[]) => {
      messages.push(texts(first));
      return original(first, ...rest);
    }) as never);
  };
  spy('query', (text: string) => [text]);
  spy('exec', (text: string) => [text]);
  spy('batch', (steps: BatchStep[]) => steps.map((step) => step.sql));
}, 120_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await t?.close();
});

/** Call records of the tenant's first project with these access codes, one each; the first code's. */
async function callsWith(tenant: number, codes: string[]): Promise<string> {
  for (const [i, code] of codes.entries())
    await sql`
      INSERT INTO call_records (tenant_id, project_id, call_id, access_code, call_at, duration_seconds, created_at)
      SELECT ${tenant}, min(id), ${`vr-${tenant}-${i}-${code}`}, ${code}, '2026-11-20T18:00:00Z', 60, now()
      FROM projects WHERE tenant_id = ${tenant}`.execute(t.db);
  return codes[0]!;
}

type CallPage = { calls: { accessCode: string | null }[]; totalResults: number };
const callRecords = async (who: SignedIn, operating: number, body: Record<string, unknown>) =>
  (await t.api.ok('listCallRecords', { token: who, operatingTenant: operating, body })) as CallPage;

/** The statements that read the tenant versions, besides the principal's own (which reads them with it). */
const versionReads = () =>
  sent().filter((text) => text.includes('tenant_data_versions') && !text.includes('app_session_principal'));

test('a whole-code request of the operating account reads the versions only with the principal', async () => {
  const code = acmeCode;
  const body = { ...WINDOW, search: code };
  const first = await callRecords(admin, acme, body); // the probe and the total are kept now
  expect(first.totalResults).toBe(2);
  messages.length = 0;
  const again = await callRecords(admin, acme, body);
  expect(again).toEqual(first);
  expect(versionReads()).toEqual([]);
  // Nothing is sent at all: the principal with its versions was kept, nothing having been written since (ADR 0199),
  // and the probe, the total and the page were kept (ADR 0180), so its read-only transaction sends nothing.
  expect(messages).toEqual([]);
  // A page not read before: the transaction's one read (the probe and the total were kept), the page, travels with
  // its BEGIN and tenant setting: three messages with the COMMIT, where the version read made four.
  messages.length = 0;
  expect((await callRecords(admin, acme, { ...body, pageSize: 5 })).totalResults).toBe(2);
  expect(versionReads()).toEqual([]);
  const principal = messages.filter((texts) => texts.some((text) => text.includes('app_session_principal')));
  expect(principal).toHaveLength(0); // kept (ADR 0199)
  const page = messages.filter((texts) => texts.some((text) => text.includes('call_records')));
  expect(page).toHaveLength(1);
  expect(page[0]).toHaveLength(3);
  expect(page[0]![0]).toBe('begin read only'); // a read operation's transaction is read-only (ADR 0178)
  expect(page[0]![1]).toContain(`set_config('app.tenant_id', '${acme}', true)`);
});

test("another account's code is not found: the tenant setting holds for the page", async () => {
  const code = globexCode;
  expect(await callRecords(admin, acme, { ...WINDOW, search: code })).toEqual({ calls: [], totalResults: 0 });
  const own = await callRecords(provider, voxscreen, { ...WINDOW, search: code, tenantId: globex });
  expect(own.totalResults).toBeGreaterThan(0);
  expect(own.calls.every((call) => call.accessCode === code)).toBe(true);
});

test('a committed write moves the versions the next request reads with its principal', async () => {
  const code = acmeCode;
  const body = { ...WINDOW, search: code };
  const before = await callRecords(admin, acme, body);
  await callRecords(admin, acme, body); // kept
  // Another of the account's call records takes the code: the data version moves with the update.
  await sql`
    UPDATE call_records SET access_code = ${code}
    WHERE id = (SELECT min(id) FROM call_records WHERE tenant_id = ${acme} AND access_code <> ${code})`.execute(t.db);
  const after = await callRecords(admin, acme, body);
  expect(after.totalResults).toBe(before.totalResults + 1);
  expect(after.calls.every((call) => call.accessCode === code)).toBe(true);
});

test('the provider reading another account reads its versions in that account transaction', async () => {
  const body = { ...WINDOW, search: acmeCode, tenantId: acme };
  await callRecords(provider, voxscreen, body);
  messages.length = 0;
  await callRecords(provider, voxscreen, body);
  expect(versionReads()).toHaveLength(1);
});

describe('which operations key their kept parts by the versions read with the principal', () => {
  const versions = { data: '7', results: '5' };
  const tenant = { id: 2, name: 'Acme', isSystem: false };
  const request = (account: unknown) =>
    ({
      access: { principal: null, operatingTenant: tenant, client: null, account, operatingVersions: versions },
      ip: '127.0.0.1',
      headers: {},
      log: console,
    }) as unknown as FastifyRequest;
  const operation = (method: string, marks: Partial<OperationSpec> = {}) =>
    ({ operationId: 'probe', method, readByPost: false, unsafeGet: false, ...marks }) as OperationSpec;
  const read = (op: OperationSpec, account: unknown = { kind: 'operating', account: tenant }) =>
    tenantContext(t.app as never, request(account), op).versionsRead;

  test('a GET and a read by POST of the operating account: the versions read with the principal', () => {
    expect(read(operation('get'))).toBe(versions);
    expect(read(operation('post', { readByPost: true }))).toBe(versions);
  });

  test('an operation that may write, a GET marked unsafe, another account: none (read in the transaction)', () => {
    expect(read(operation('post'))).toBeNull();
    expect(read(operation('put'))).toBeNull();
    expect(read(operation('get', { unsafeGet: true }))).toBeNull();
    const other = { kind: 'other', account: { id: 3, name: 'Globex', isSystem: false }, access: 'read' };
    expect(read(operation('get'), other)).toBeNull();
  });
});
