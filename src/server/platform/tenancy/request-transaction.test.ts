import { Kysely, sql } from 'kysely';
import { PGliteDialect } from '../db/pglite-dialect';
import { PGliteWorker } from '../db/pglite-worker-client';
import type { Db } from '../db/schema';
import { openTestDatabase } from '../../testing/database-template';
import { afterRequestCommit, RequestTransaction, withinRequestTransaction } from './request-transaction';
import { systemSettings, withSystem, withTenant } from './with-tenant';

// ADR 0091: with an Idempotency-Key, every transaction of a request joins one, committed with the stored answer.
let db: Db;
let tenant: number;

beforeAll(async () => {
  db = await openTestDatabase();
  await sql`CREATE TABLE request_transaction_probe (label text NOT NULL)`.execute(db);
  tenant = (await db.selectFrom('tenants').select('id').where('name', '=', 'Acme Insurance').executeTakeFirstOrThrow())
    .id;
}, 120_000);
afterAll(() => db?.destroy());

const insert = (trx: Db, label: string) => sql`INSERT INTO request_transaction_probe VALUES (${label})`.execute(trx);
const labels = async () =>
  (await sql<{ label: string }>`SELECT label FROM request_transaction_probe ORDER BY label`.execute(db)).rows.map(
    (r) => r.label,
  );
const whoAmI = (trx: Db) =>
  sql<{ txid: string; role: string; tenant: string }>`
    SELECT txid_current()::text AS txid, current_user AS role, coalesce(current_setting('app.tenant_id', true), '') AS tenant`
    .execute(trx)
    .then((r) => r.rows[0]!);

beforeEach(() => sql`DELETE FROM request_transaction_probe`.execute(db));

test('tenant and system parts run in one transaction, each with its own role and tenant', async () => {
  const transaction = new RequestTransaction(db);
  const [asTenant, asSystem, asTenantAgain] = await withinRequestTransaction(transaction, async () => [
    await withTenant(db, tenant, whoAmI),
    await withSystem(db, whoAmI),
    await withTenant(db, tenant, whoAmI),
  ]);
  await transaction.commit(async () => {}, systemSettings);
  expect(asSystem.txid).toBe(asTenant.txid);
  expect(asTenantAgain.txid).toBe(asTenant.txid);
  expect([asTenant.role, asTenant.tenant]).toEqual(['voxscreen_app', String(tenant)]);
  expect(asSystem.role).not.toBe('voxscreen_app');
  expect(asSystem.tenant).toBe('');
  // After the commit, a transaction opened in the same context is a transaction of its own.
  const after = await withinRequestTransaction(transaction, () => withSystem(db, whoAmI));
  expect(after.txid).not.toBe(asTenant.txid);
});

test('nothing is committed until the request commits, together with its last statement; a rollback keeps nothing', async () => {
  const kept = new RequestTransaction(db);
  await withinRequestTransaction(kept, () => withSystem(db, (trx) => insert(trx, 'a write')));
  await kept.commit((trx) => insert(trx, 'its answer').then(() => {}), systemSettings);
  expect(await labels()).toEqual(['a write', 'its answer']);

  const dropped = new RequestTransaction(db);
  await withinRequestTransaction(dropped, () => withSystem(db, (trx) => insert(trx, 'rolled back')));
  await dropped.rollback();
  expect(await labels()).toEqual(['a write', 'its answer']);
});

test('a part that fails is undone alone: the finished parts are committed, as their own transactions would be', async () => {
  const transaction = new RequestTransaction(db);
  await withinRequestTransaction(transaction, async () => {
    await withSystem(db, (trx) => insert(trx, 'logged refusal'));
    await expect(
      withSystem(db, async (trx) => {
        await insert(trx, 'half done');
        await sql`SELECT 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
  });
  await transaction.commit(async () => {}, systemSettings);
  expect(await labels()).toEqual(['logged refusal']);
});

// A provider reading another account gets a read-only transaction (ADR 0062); joining the request's one transaction
// must not lift that, and must not leave later parts read-only either.
test('a read-only part refuses writes inside the request transaction, and the parts after it may write', async () => {
  const transaction = new RequestTransaction(db);
  await withinRequestTransaction(transaction, async () => {
    await withSystem(db, (trx) => insert(trx, 'before'));
    await expect(withTenant(db, tenant, (trx) => insert(trx, 'read-only tenant'), { readOnly: true })).rejects.toThrow(
      /read-only transaction/,
    );
    await expect(withSystem(db, (trx) => insert(trx, 'read-only system'), { readOnly: true })).rejects.toThrow(
      /read-only transaction/,
    );
    expect(await withSystem(db, (trx) => whoAmI(trx), { readOnly: true })).toMatchObject({ tenant: '' });
    await withSystem(db, (trx) => insert(trx, 'after'));
  });
  await transaction.commit(async () => {}, systemSettings);
  expect(await labels()).toEqual(['after', 'before']);
});

test('work asked for after the commit runs after it, outside the request transaction; never after a rollback', async () => {
  const ran: string[] = [];
  const transaction = new RequestTransaction(db);
  await withinRequestTransaction(transaction, async () => {
    await withSystem(db, (trx) => insert(trx, 'queued'));
    afterRequestCommit(() => ran.push('sweep'));
  });
  expect(ran).toEqual([]);
  await transaction.commit(async () => {}, systemSettings);
  expect(ran).toEqual(['sweep']);

  const rolledBack = new RequestTransaction(db);
  await withinRequestTransaction(rolledBack, async () => {
    await withSystem(db, (trx) => insert(trx, 'not queued'));
    afterRequestCommit(() => ran.push('never'));
  });
  await rolledBack.rollback();
  expect(ran).toEqual(['sweep']);
});

test('until a part writes, the transaction is given back after each part and begun again (onBegin each time)', async () => {
  let begins = 0;
  const transaction = new RequestTransaction(db, async () => {
    begins += 1;
  });
  await withinRequestTransaction(transaction, async () => {
    await withSystem(db, (trx) => sql`SELECT 1`.execute(trx));
    // Given back: another statement on the one connection does not wait for the request.
    await sql`SELECT 1`.execute(db);
    await withSystem(db, (trx) => insert(trx, 'written'));
    await withSystem(db, (trx) => sql`SELECT 1`.execute(trx));
  });
  await transaction.commit(async () => {}, systemSettings);
  expect(begins).toBe(2);
  expect(await labels()).toEqual(['written']);
});

describe('on the embedded database in a worker thread, where settings travel with the next statement (ADR 0060)', () => {
  let engine: PGliteWorker;
  let workerDb: Db;
  beforeAll(async () => {
    engine = await PGliteWorker.create({ dataDir: 'memory://' });
    workerDb = new Kysely({ dialect: new PGliteDialect(engine) }) as unknown as Db;
    await sql`CREATE TABLE request_transaction_probe (label text NOT NULL)`.execute(workerDb);
  });
  afterAll(() => workerDb?.destroy());

  test('savepoints, a failed part and the advisory lock work in the batched protocol', async () => {
    const transaction = new RequestTransaction(workerDb);
    const taken = await transaction.run(
      systemSettings,
      async (trx) => (await sql<{ t: boolean }>`SELECT pg_try_advisory_xact_lock(42) AS t`.execute(trx)).rows[0]!.t,
    );
    expect(taken).toBe(true);
    await withinRequestTransaction(transaction, async () => {
      await withSystem(workerDb, (trx) => insert(trx, 'kept'));
      await expect(withSystem(workerDb, (trx) => sql`SELECT 1 / 0`.execute(trx))).rejects.toThrow();
      await withSystem(workerDb, async () => {});
    });
    await transaction.commit((trx) => insert(trx, 'answer').then(() => {}), systemSettings);
    const rows = await sql<{ label: string }>`SELECT label FROM request_transaction_probe ORDER BY label`.execute(
      workerDb,
    );
    expect(rows.rows.map((r) => r.label)).toEqual(['answer', 'kept']);
  });
});
