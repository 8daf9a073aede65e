/**
 * The reports' optional `timeZone` (docs/product/reports.md#time-offsets, ADR 0101): a range that crosses a daylight
 * saving change in Pacific time ends at the last day's own midnight, and every time is written at the offset in force
 * then; without it, the fixed `displayTimeZone` offset rules as before; a zone outside the 124 options is 400.
 */
import ExcelJS from 'exceljs';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { OperationId, SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { intakeClientToken, invitedParticipant } from '../../../testing/intake-callers';
import { createProjectWithQuestions, STAGE } from '../../project-service';

let t: TestApp;
let acme: number;
let admin: SignedIn;
let clientToken: string;

const PACIFIC = 'America/Los_Angeles';
/** Spring forward on 2026-03-08: a range from 03-01 is sent at -08:00 and its last day, 03-10, is at -07:00. */
const SPRING = { startDate: '2026-03-01', endDate: '2026-03-10', displayTimeZone: '-08:00' };
/** Fall back on 2026-11-01: a range from 10-25 is sent at -07:00 and its last day, 11-05, is at -08:00. */
const FALL = { startDate: '2026-10-25', endDate: '2026-11-05', displayTimeZone: '-07:00' };

/** Calls (and results) at 23:30 on each range's last day and at 00:30 the day after, local time. */
const CALLS = [
  { id: 'spring-2330', at: '2026-03-11T06:30:00Z' },
  { id: 'spring-0030', at: '2026-03-11T07:30:00Z' },
  { id: 'fall-2330', at: '2026-11-06T07:30:00Z' },
  { id: 'fall-0030', at: '2026-11-06T08:30:00Z' },
];

const call = (operationId: OperationId, body: Record<string, unknown>) =>
  t.api.call(operationId, { token: admin, operatingTenant: acme, body });

const callIds = async (body: Record<string, unknown>) => {
  const answer = await call('listCallRecords', body);
  expect(answer.status).toBe(200);
  return (answer.body as { calls: { callId: string; callDateTimeString: string }[] }).calls;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  [admin] = await t.signInAs('admin@acme.test');
  clientToken = await intakeClientToken(t, admin, acme, 'Time zone telephony');
  const { projectId } = await withTenant(t.db, acme, (trx) =>
    createProjectWithQuestions(trx, {
      tenantId: acme,
      name: 'Zone Harbour',
      stageId: STAGE.EXECUTION,
      now: t.clock.now(),
    }),
  );
  const intake = (operationId: OperationId, body: Record<string, unknown>) =>
    t.api.ok(operationId, { headers: { authorization: `Bearer ${clientToken}` }, body });
  for (const [i, { id, at }] of CALLS.entries()) {
    const code = String(810000000 + i);
    await invitedParticipant(t, acme, projectId, { irn: `TZ${i}`, code });
    await intake('postCallRecord', {
      requestId: `cr-${id}`,
      callId: id,
      accessCode: code,
      callDateTime: at,
      durationSeconds: 60,
    });
    await intake('postIncompleteCall', {
      requestId: `ic-${id}`,
      accessCode: code,
      phoneCallInterruptCode: 'HANGUP',
      callDateTime: at,
      phoneCallDuration: 60,
    });
  }
});
afterAll(() => t.close());

test('spring forward: 23:30 on the last day is in the window, 00:30 the next day is not, times at -07:00', async () => {
  const calls = await callIds({ ...SPRING, timeZone: PACIFIC });
  expect(calls.map((c) => [c.callId, c.callDateTimeString])).toEqual([['spring-2330', '03/10/2026 23:30:00']]);
  const incomplete = (await call('listIncompleteCalls', { ...SPRING, timeZone: PACIFIC })).body as {
    calls: { date: string }[];
  };
  expect(incomplete.calls.map((c) => c.date)).toEqual(['03/10/2026 23:30:00']);
});

test('fall back: 23:30 on the last day is in the window, 00:30 the next day is not, times at -08:00', async () => {
  const calls = await callIds({ ...FALL, timeZone: PACIFIC });
  expect(calls.map((c) => [c.callId, c.callDateTimeString])).toEqual([['fall-2330', '11/05/2026 23:30:00']]);
});

test('without timeZone the fixed offset rules as before: the window ends an hour off, times at that offset', async () => {
  expect((await callIds(SPRING)).map((c) => [c.callId, c.callDateTimeString])).toEqual([
    ['spring-0030', '03/10/2026 23:30:00'],
    ['spring-2330', '03/10/2026 22:30:00'],
  ]);
  expect(await callIds(FALL)).toEqual([]);
});

test("the export writes each call's time at the offset in force then", async () => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/execution-service/v1/call/directdial/export',
    headers: {
      authorization: `Bearer ${admin.accessToken}`,
      'id-token': admin.idToken,
      operatingTenant: String(acme),
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ startDate: '2026-03-01', endDate: '2026-11-30', timeZone: PACIFIC, allRecords: true }),
  });
  expect(answer.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).indexOf('Call Date Time');
  const times: unknown[] = [];
  sheet.eachRow((row, n) => n > 1 && times.push((row.values as unknown[])[header]));
  expect(times).toEqual(['11/06/2026 00:30:00', '11/05/2026 23:30:00', '03/11/2026 00:30:00', '03/10/2026 23:30:00']);
});

test('a zone outside the 124 options is 400 naming the field', async () => {
  for (const operationId of ['listCallRecords', 'listIncompleteCalls', 'listResultsReport'] as const) {
    const answer = await call(operationId, { ...SPRING, timeZone: 'Mars/Olympus_Mons' });
    expect([operationId, answer.status]).toEqual([operationId, 400]);
    expect(JSON.stringify(answer.body)).toContain('timeZone');
  }
  expect((await call('listCallRecords', { ...SPRING, timeZone: 'Europe/Kyiv' })).status).toBe(400);
});
