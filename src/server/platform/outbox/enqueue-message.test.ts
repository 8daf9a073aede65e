import { withSystem } from '../tenancy/with-tenant';
import { recordingStatements } from '../../testing/recording-statements';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { enqueueMessages, type NewOutboxMessage } from './enqueue-message';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const email = (n: number): NewOutboxMessage => ({
  channel: 'email',
  tenantId: null,
  to: `batch${n}@example.test`,
  subject: `Hello ${n}`,
  text: `Text ${n}`,
  html: `<p>Text ${n}</p>`,
  templateType: 'TEST',
  redactAfterSend: n % 3 === 0,
});

const sms = (n: number): NewOutboxMessage => ({
  channel: 'sms',
  tenantId: null,
  to: `+1555000${String(n).padStart(4, '0')}`,
  text: `Code ${n}`,
  templateType: 'TEST',
  sender: 'PHONE_NUMBER',
  provider: 'local',
});

test('messages of both channels are stored in one statement whatever their number, ids in the order given', async () => {
  const { db, statements } = recordingStatements(t.db, (text) => text.includes('outbox_messages'));
  const now = t.clock.now();
  const one = await withSystem(db, (trx) => enqueueMessages(trx, [email(0)], now));
  const given = Array.from({ length: 150 }, (_, n) => (n % 4 === 1 ? sms(n) : email(n)));
  const many = await withSystem(db, (trx) => enqueueMessages(trx, given, now));

  // ADR 0227: one array a column, so the text (and the kept plan) is the same for one message and for 150.
  expect(statements).toHaveLength(2);
  expect(statements[1]).toBe(statements[0]);
  expect(one).toHaveLength(1);
  expect(many).toHaveLength(150);
  expect(many[0]).toBeGreaterThan(one[0]!);

  const rows = await withSystem(t.db, (trx) =>
    trx.selectFrom('outbox_messages').selectAll().where('id', 'in', many).orderBy('id').execute(),
  );
  expect(rows.map((row) => Number(row.id))).toEqual(many);
  rows.forEach((row, n) => {
    const m = given[n]!;
    expect(row).toMatchObject({
      channel: m.channel,
      tenant_id: null,
      recipient: m.to,
      body_text: m.text,
      template_type: 'TEST',
      status: 'queued',
      attempts: 0,
    });
    expect(row.next_attempt_at).toEqual(now);
    expect(row.created_at).toEqual(now);
    if (m.channel === 'email')
      expect(row).toMatchObject({
        subject: m.subject,
        body_html: m.html,
        redact_after_send: m.redactAfterSend,
        sms_sender: null,
        sms_provider: null,
      });
    else
      expect(row).toMatchObject({
        subject: null,
        body_html: null,
        redact_after_send: false,
        sms_sender: 'PHONE_NUMBER',
        sms_provider: 'local',
      });
  });
});

test('a batch with a message the table refuses stores none of them', async () => {
  const before = await withSystem(t.db, (trx) =>
    trx
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  );
  const refused = { ...email(1), tenantId: 999_999 };
  await expect(
    withSystem(t.db, (trx) => enqueueMessages(trx, [email(2), refused, email(3)], t.clock.now())),
  ).rejects.toThrow(/foreign key/);
  const after = await withSystem(t.db, (trx) =>
    trx
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  );
  expect(after.n).toBe(before.n);
});
