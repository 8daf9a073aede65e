import { sql } from 'kysely';
import type { Db } from '../../src/server/platform/db/schema';
import { DEMO_QUESTIONS } from '../../src/server/seed/demo-data';
import { createParticipants } from '../../src/server/services/participant-service';
import {
  createProjectWithQuestions,
  saveProjectLanguageConfig,
  saveTemplate,
  STAGE,
} from '../../src/server/services/project-service';

/**
 * A project in Execution whose `invitees` participants can all be invited by e-mail: two languages with their dial-in
 * numbers, an invitation template in each, e-mail communication on; every fifth participant in the second language.
 * `run` keeps its codes, IRNs and addresses apart from an earlier run's in the same tenant. The tenant's transaction.
 */
export async function createInviteProject(
  trx: Db,
  tenantId: number,
  options: { name: string; run: string; invitees: number; now: Date },
): Promise<number> {
  const { name, run, invitees, now } = options;
  const { projectId: id } = await createProjectWithQuestions(trx, {
    tenantId,
    name,
    stageId: STAGE.EXECUTION,
    active: true,
    languageIds: [1, 2],
    questions: DEMO_QUESTIONS.map((questionText) => ({ questionText })),
    now,
  });
  await saveProjectLanguageConfig(trx, id, [
    { languageId: 1, projectCode: `BI-${run}-EN`, dialInNumber: '+18005550190', callDelayBy: 5 },
    { languageId: 2, projectCode: `BI-${run}-ES`, dialInNumber: '+18005550191', callDelayBy: 5 },
  ]);
  for (const languageId of [1, 2])
    await saveTemplate(
      trx,
      tenantId,
      id,
      {
        template_type: 'TEST_INVITATION_EMAIL',
        template_name: 'Invitation',
        description: null,
        sms_sender: null,
        sms_provider: null,
        language_id: languageId,
        email_subject: 'Interview for {{project_name}}',
        template_content:
          '<p>Hello {{first_name}} {{last_name}}, call {{dial_in_number}} and enter {{access_code}} (IRN {{interview_ref_num}}).</p>',
      },
      now,
    );
  await sql`UPDATE projects SET internal_settings = internal_settings || '{"enableEmailCommunication": true}'::jsonb
    WHERE id = ${id}`.execute(trx);
  await createParticipants(
    trx,
    tenantId,
    id,
    Array.from({ length: invitees }, (_, i) => ({
      interviewRefNum: `INV${run}${String(i + 1).padStart(6, '0')}`,
      firstName: `First${i + 1}`,
      lastName: `Last${i + 1}`,
      email: `inv.${run}.${i + 1}@example.test`.toLowerCase(),
      languageId: i % 5 ? 1 : 2,
      accessCode: `9${run}${String(i + 1).padStart(6, '0')}`,
    })),
    now,
  );
  return id;
}
