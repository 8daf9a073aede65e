/**
 * The plans of an invitation batch's statements (ADR 0183): the job's link and drop read the batch's recipients by the
 * job's key, the outbox's outcomes by the outbox key, never by a scan of the job's others, even where the statistics
 * are those of a job minutes old.
 */
import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { seededTenantId } from '../../../testing/seeded-tenant';
import { dropStatement, invitationOutcomesStatement, linkStatement } from './invitation-jobs-store';

const RECIPIENTS = 3_000;
let db: Db;
let firstMessage: number;
let jobId: number;
let firstParticipant: number;

beforeAll(async () => {
  db = await openTestDatabase();
  const tenantId = await seededTenantId(db);
  firstMessage = await withSystem(db, async (trx) => {
    const project = sql`(SELECT min(id) FROM projects WHERE tenant_id = ${tenantId})`;
    await sql`
      INSERT INTO participants (tenant_id, project_id, interview_ref_num, access_code, first_name, last_name, email,
                                status, created_at, updated_at)
      SELECT ${tenantId}, ${project}, 'OUT-' || g, 'OU' || lpad(g::text, 7, '0'), 'First' || g, 'Last' || g,
             'out' || g || '@plan.test', 'INVITATION_SCHEDULED', now(), now()
      FROM generate_series(1, ${RECIPIENTS}) AS g`.execute(trx);
    // The statistics of the moment the job was queued: no invitation yet.
    await sql`ANALYZE participant_invitations`.execute(trx);
    const job = await sql<{ id: string }>`
      INSERT INTO invitation_jobs (tenant_id, project_id, channel, total, created_at)
      VALUES (${tenantId}, ${project}, 'email', ${RECIPIENTS}, now()) RETURNING id`.execute(trx);
    const messages = await sql<{ id: string }>`
      INSERT INTO outbox_messages (channel, tenant_id, recipient, body_text, template_type, created_at, next_attempt_at)
      SELECT 'email', ${tenantId}, 'out' || g || '@plan.test', 'Hello', 'INVITATION_EMAIL', now(), now()
      FROM generate_series(1, ${RECIPIENTS}) AS g RETURNING id`.execute(trx);
    await sql`
      INSERT INTO participant_invitations (tenant_id, invitation_job_id, participant_id, channel, previous_status,
                                           outbox_message_id, created_at)
      SELECT ${tenantId}, ${job.rows[0]!.id}, p.id, 'email', 'NEW_PARTICIPANT', m.id, now()
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM participants WHERE interview_ref_num LIKE 'OUT-%') p
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM outbox_messages WHERE recipient LIKE '%@plan.test') m
        USING (n)`.execute(trx);
    jobId = Number(job.rows[0]!.id);
    firstParticipant = Number(
      (
        await sql<{ id: string }>`SELECT min(id) AS id FROM participants WHERE interview_ref_num LIKE 'OUT-%'`.execute(
          trx,
        )
      ).rows[0]!.id,
    );
    return Math.min(...messages.rows.map((row) => Number(row.id)));
  });
});
afterAll(() => db.destroy());

const planOf = (statement: { compile: (db: Db) => CompiledQuery }) =>
  withSystem(db, async (trx) => {
    const compiled = statement.compile(db);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `EXPLAIN ${compiled.sql}` });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });

test("a batch's links and drops read the job's recipients by its key, not the job's every recipient", async () => {
  const keys = Array.from({ length: 200 }, (_, i) => ({
    participantId: firstParticipant + 500 + i,
    channel: 'email' as const,
    outboxMessageId: firstMessage + 500 + i,
  }));
  for (const plan of [await planOf(linkStatement(jobId, keys)), await planOf(dropStatement(jobId, keys))]) {
    expect(plan).toContain('participant_invitations_pkey');
    expect(plan).not.toMatch(/Seq Scan on participant_invitations/);
    expect(plan).not.toMatch(/Function Scan/);
  }
});

test("a batch's outcomes read its invitations by the outbox key, not the job's every invitation", async () => {
  const outcomes = Array.from({ length: 100 }, (_, i) => ({
    outboxMessageId: firstMessage + 1_000 + i,
    outcome: i % 10 ? ('sent' as const) : ('undelivered' as const),
  }));
  const plan = await planOf(invitationOutcomesStatement(outcomes, new Date()));
  expect(plan).toContain('participant_invitations_outbox_key');
  expect(plan).not.toMatch(/Seq Scan on participant_invitations/);
  expect(plan).not.toMatch(/Function Scan/);
});
