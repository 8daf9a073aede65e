import { createParticipants } from '../../services/participant-service';
import { createProject, saveProjectLanguageConfig, saveTemplate, STAGE } from '../../services/project-service';
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEFAULT_RATE_LIMITS, TOO_MANY_REQUESTS_MESSAGE } from '../http/rate-limits';
import { withSystem, withTenant } from '../tenancy/with-tenant';
import { readAllOperations } from './contract';

// ADR 0088, docs/product/spec-calls.md#unsafe-gets: the spec's GETs that send a message or change data.
const UNSAFE_GETS = ['reinviteParticipant', 'refreshAccessCode', 'sendTestMessage'];
const LIMIT = 4;

let t: TestApp;
let acme: number;
let admin: SignedIn;
let project: number;
let participant: number;

const outboxCount = async () =>
  Number(
    (
      await withSystem(t.db, (trx) =>
        trx
          .selectFrom('outbox_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      )
    ).n,
  );
const participantRow = () =>
  withSystem(t.db, (trx) =>
    trx
      .selectFrom('participants')
      .select(['status', 'access_code'])
      .where('id', '=', participant)
      .executeTakeFirstOrThrow(),
  );
const send = (method: 'GET' | 'HEAD', url: string, who = admin) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.accessToken}`, 'id-token': who.idToken, operatingTenant: String(acme) },
  });
const testEmailUrl = () =>
  `/api/participant-service/v1/test/email?projectId=${project}&templateType=TEST_INVITATION_EMAIL&language_id=1`;

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...DEFAULT_RATE_LIMITS, unsafeGetPerUserPerMinute: LIMIT, maxEventLoopDelayMs: 0 },
  });
  ({ acme } = await t.seededTenants());
  [admin] = await t.signInAs('admin@acme.test');
  const now = t.clock.now();
  [project, participant] = await withTenant(t.db, acme, async (trx) => {
    const id = await createProject(trx, {
      tenantId: acme,
      name: 'Unsafe GETs',
      stageId: STAGE.EXECUTION,
      languageIds: [1],
      now,
    });
    await saveProjectLanguageConfig(trx, id, [
      { languageId: 1, projectCode: 'UG-EN', dialInNumber: '+18005550791', callDelayBy: 5 },
    ]);
    await saveTemplate(
      trx,
      acme,
      id,
      {
        template_type: 'TEST_INVITATION_EMAIL',
        template_name: 'Invitation',
        description: null,
        sms_sender: null,
        sms_provider: null,
        language_id: 1,
        email_subject: 'Interview',
        template_content: '<p>Call {{dial_in_number}} with {{access_code}}.</p>',
      },
      now,
    );
    const [added] = await createParticipants(
      trx,
      acme,
      id,
      [
        {
          firstName: 'Head',
          lastName: 'Check',
          email: 'head.check@example.test',
          languageId: 1,
          accessCode: 'UG-0001',
          interviewRefNum: '990001',
          status: 'INVITATION_SENT',
        },
      ],
      now,
    );
    return [id, added!];
  });
});
afterAll(() => t.close());

test('the contract marks exactly the spec GETs that send or change, each behind a permission', () => {
  const marked = readAllOperations().filter((op) => op.unsafeGet);
  expect(marked.map((op) => op.operationId).sort()).toEqual(UNSAFE_GETS.sort());
  for (const op of marked) {
    expect(op.method).toBe('get');
    expect(op.access.permissions.length).toBeGreaterThan(0);
  }
});

test('HEAD on them is not routed: no message is queued and no participant changes', async () => {
  const before = { outbox: await outboxCount(), row: await participantRow() };
  for (const url of [
    testEmailUrl(),
    `/api/participant-service/v1/reinvite/${participant}?invitation_type=email`,
    `/api/participant-service/v1/accesscode/refresh/${participant}`,
  ])
    expect((await send('HEAD', url)).statusCode).toBe(404);
  expect(await outboxCount()).toBe(before.outbox);
  expect(await participantRow()).toEqual(before.row);
  // A safe GET keeps its HEAD route.
  expect((await send('HEAD', '/api/user-service/v1/user/userInfo')).statusCode).toBe(200);
});

test('the answer is never cached or revalidated, and each user may send only a few a minute', async () => {
  const before = await outboxCount();
  const answers = [];
  for (let i = 0; i <= LIMIT; i += 1) answers.push(await send('GET', testEmailUrl()));
  const sent = answers.slice(0, LIMIT);
  expect(sent.map((a) => a.statusCode)).toEqual(Array(LIMIT).fill(200));
  for (const answer of sent) {
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.etag).toBeUndefined();
  }
  expect(await outboxCount()).toBe(before + LIMIT);
  const refused = answers[LIMIT]!;
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE, code: 'TOO_MANY_REQUESTS' });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(await outboxCount()).toBe(before + LIMIT);
  // Another user of the same tenant is not held back by the first one's count.
  const other = await t.signIn('dual@globex.test');
  expect((await send('GET', testEmailUrl(), other)).statusCode).toBe(200);
});
