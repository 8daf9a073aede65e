import { ConformanceCheck, type CheckOptions } from './check-run';
import type { RunReport } from './report-model';
import { startToyService, toyOperations, TOY_PASSWORD, type ToyFaults, type ToyService } from './testing/toy-service';

let toy: ToyService | null = null;
afterEach(async () => {
  await toy?.close();
  toy = null;
});

async function check(faults: ToyFaults, options: Partial<CheckOptions> = {}): Promise<RunReport> {
  toy = await startToyService(faults);
  return new ConformanceCheck({
    baseUrl: toy.url,
    operations: toyOperations(),
    caller: { email: 'admin@toy.test', password: TOY_PASSWORD },
    readOnly: { email: 'reader@toy.test', password: TOY_PASSWORD },
    otherTenant: { email: 'stranger@toy.test', password: TOY_PASSWORD },
    tenant: '1',
    seed: 5,
    ...options,
  }).run();
}

const found = (report: RunReport) =>
  report.operations.flatMap((op) => op.violations.map((v) => `${op.operationId} ${v.check}`)).sort();
const statuses = (report: RunReport, operationId: string) =>
  Object.keys(report.operations.find((op) => op.operationId === operationId)!.statuses);

test('a conforming service: 0 violations, and no write is sent without allowWrites', async () => {
  const report = await check({});
  expect(found(report)).toEqual([]);
  expect(toy!.received.filter((r) => r === 'POST /api/toy/items' || r === 'POST /api/toy/upload')).toEqual([]);
  const writes = report.operations.filter(
    (op) => op.operationId === 'createToyItem' || op.operationId === 'uploadToyFile',
  );
  expect(writes.every((op) => op.requests === 0 && op.notes.some((n) => n.includes('--allow-writes')))).toBe(true);
  // Records named by the list's answers are asked for: the item is found, with its documented header.
  expect(statuses(report, 'getToyItem')).toContain('200');
});

test('with allowWrites the writes are probed and exercised, still 0 violations', async () => {
  const report = await check({}, { allowWrites: true });
  expect(found(report)).toEqual([]);
  expect(toy!.received.filter((r) => r === 'POST /api/toy/items').length).toBeGreaterThan(3);
  expect(statuses(report, 'createToyItem')).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
});

test('writeRequests false: writes are sent only as security probes', async () => {
  const report = await check({}, { allowWrites: true, writeRequests: false });
  expect(found(report)).toEqual([]);
  expect(statuses(report, 'createToyItem').sort()).toEqual(['401', '403']);
});

test('a service that ignores credentials breaks the declared security everywhere', async () => {
  const report = await check({ ignoreAuth: true });
  expect(found(report)).toEqual(
    expect.arrayContaining([
      'listToyItems missing_credentials',
      'listToyItems partial_credentials',
      'getToyItem missing_credentials',
      'streamToyEvents missing_credentials',
    ]),
  );
});

test('a service that lets every role write: the read-only role is not refused', async () => {
  const report = await check({ ignorePermissions: true }, { allowWrites: true, writeRequests: false });
  expect(found(report)).toEqual(['createToyItem read_only_write', 'uploadToyFile read_only_write']);
});

test('an extra field and a server error are reported on their operations only', async () => {
  expect(found(await check({ extraField: true }))).toEqual(['listToyItems response_schema_conformance']);
  await toy!.close();
  toy = null;
  expect(found(await check({ listFails: true }))).toEqual(['listToyItems not_a_server_error']);
});

test('the request budget bounds the run and the report says it was spent', async () => {
  const report = await check({}, { maxRequests: 6 });
  expect(toy!.received.length).toBeLessThanOrEqual(6);
  expect(report.budgetExhausted).toBe(true);
  expect(report.operations.some((op) => op.notes.includes('not run: the request budget was spent'))).toBe(true);
});

test('a violation names its failing request as a curl line without the credentials', async () => {
  const report = await check({ extraField: true });
  const example = report.operations.find((op) => op.operationId === 'listToyItems')!.violations[0]!.examples[0]!;
  expect(example.curl).toMatch(/^curl -sS -X GET 'http:\/\/127\.0\.0\.1:\d+\/api\/toy\/items/);
  expect(example.curl).toContain('"authorization: Bearer $CALLER_BEARERAUTH"');
  expect(example.curl).not.toContain('access:admin@toy.test');
  expect(example.message).toContain('internalNote');
});
