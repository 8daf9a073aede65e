/**
 * The reminder sweep at the size a bulk invite leaves behind (ADR 0227): one project's invitations all due at once
 * become one reminder job, however many they are. A list of 6 parameters a recipient stops at 10,922 of them.
 */
import { sql } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, STAGE } from '../../project-service';
import { createParticipants } from '../participants/participants-store';
import { invitationReminderJob } from './invitation-job';

const DUE = 11_000;
const DAY = 24 * 3600_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test(`${DUE} invitations due at once become one reminder job, each reminded once`, async () => {
  const { acme } = await t.seededTenants();
  const now = t.clock.now();
  const { projectId, ids } = await withTenant(t.db, acme, async (trx) => {
    const projectId = await createProject(trx, {
      tenantId: acme,
      name: 'Reminder Crowd',
      stageId: STAGE.EXECUTION,
      languageIds: [1],
      now,
    });
    const ids = await createParticipants(
      trx,
      acme,
      projectId,
      Array.from({ length: DUE }, (_, n) => ({
        firstName: `R${n}`,
        email: `crowd${n}@remind.test`,
        languageId: 1,
        accessCode: `RC-${n}`,
        interviewRefNum: `77${String(n).padStart(6, '0')}`,
        status: 'INVITATION_SENT' as const,
      })),
      now,
    );
    // What a bulk invite leaves: one invite job whose every e-mail was sent.
    await sql`
      WITH job AS (
        INSERT INTO invitation_jobs (tenant_id, project_id, channel, kind, total, processed, status, created_at)
        VALUES (${acme}, ${projectId}, 'email', 'invite', ${DUE}, ${DUE}, 'done', ${now}) RETURNING id
      )
      INSERT INTO participant_invitations
        (tenant_id, invitation_job_id, participant_id, channel, previous_status, outcome, created_at, sent_at)
      SELECT ${acme}, job.id, p.id, 'email', 'INVITATION_SCHEDULED', 'sent', ${now}, ${now}
      FROM job, unnest(${ids}::bigint[]) AS p(id)`.execute(trx);
    return { projectId, ids };
  });
  await withSystem(t.db, (trx) =>
    sql`UPDATE projects SET internal_settings = internal_settings || ${JSON.stringify({
      auto_reminder_configuration: true,
      auto_reminder_time_in_days: 3,
    })}::jsonb WHERE id = ${projectId}`.execute(trx),
  );

  const sweep = invitationReminderJob(t.db, t.clock);
  const sweepJob = { id: 0, queue: 'invitation-reminders', tenantId: null, payload: {}, attempt: 1, maxAttempts: 3 };
  t.clock.advance(3 * DAY + 1000);
  await sweep(sweepJob);
  await sweep(sweepJob);

  const reminders = await withTenant(t.db, acme, (trx) =>
    trx
      .selectFrom('invitation_jobs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', 'reminder')
      .execute(),
  );
  expect(reminders).toHaveLength(1);
  expect(reminders[0]).toMatchObject({ total: DUE, channel: 'email', status: 'queued' });
  const counts = await withTenant(t.db, acme, (trx) =>
    sql<{ recipients: number; reminded: number; pending: number }>`
      SELECT
        (SELECT count(*) FROM participant_invitations
          WHERE invitation_job_id = ${reminders[0]!.id} AND outcome = 'pending'
            AND previous_status = 'INVITATION_SENT') AS recipients,
        (SELECT count(*) FROM participant_invitations pi JOIN invitation_jobs j ON j.id = pi.invitation_job_id
          WHERE j.project_id = ${projectId} AND j.kind = 'invite' AND pi.reminded_at IS NOT NULL) AS reminded,
        (SELECT count(*) FROM participants WHERE id = ANY(${ids}::bigint[]) AND email_pending) AS pending`.execute(trx),
  );
  expect(counts.rows[0]).toEqual({ recipients: DUE, reminded: DUE, pending: DUE });
}, 120_000);
