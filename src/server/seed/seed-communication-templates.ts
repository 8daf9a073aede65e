import type { components } from '../../contracts/project-service';
import type { Db } from '../platform/db/schema';
import { findTemplate, saveTemplate } from '../services/project-service';

type CommunicationTemplateInput = components['schemas']['CommunicationTemplateInput'];

interface InvitationTexts {
  name: string;
  subject: string;
  body: string;
  sms: string;
}

/** The demo invitation of each interface language (language ids 1 en, 2 es, 3 tl). */
const INVITATIONS: Record<number, InvitationTexts> = {
  1: {
    name: 'Invitation',
    subject: 'Your screening interview for {{project_name}}',
    body: '<p>Hello {{first_name}},</p><p>Please call <strong>{{dial_in_number}}</strong> and enter your access code <strong>{{access_code}}</strong> to complete your interview.</p><p>Thank you.</p>',
    sms: 'Hi {{first_name}}, call {{dial_in_number}} and enter code {{access_code}} for your interview.',
  },
  2: {
    name: 'Invitación',
    subject: 'Su entrevista de evaluación para {{project_name}}',
    body: '<p>Hola {{first_name}}:</p><p>Llame al <strong>{{dial_in_number}}</strong> e introduzca su código de acceso <strong>{{access_code}}</strong> para completar su entrevista.</p><p>Gracias.</p>',
    sms: 'Hola {{first_name}}, llame al {{dial_in_number}} e introduzca el código {{access_code}} para su entrevista.',
  },
  3: {
    name: 'Imbitasyon',
    subject: 'Ang iyong screening interview para sa {{project_name}}',
    body: '<p>Kumusta {{first_name}},</p><p>Tumawag sa <strong>{{dial_in_number}}</strong> at ilagay ang iyong access code <strong>{{access_code}}</strong> para makumpleto ang interview.</p><p>Salamat.</p>',
    sms: 'Kumusta {{first_name}}, tumawag sa {{dial_in_number}} at ilagay ang code {{access_code}} para sa iyong interview.',
  },
};

/**
 * Gives every project of a tenant an e-mail and an SMS invitation in each of its languages, through the same
 * save the API uses (rules, sanitising). Keeps any template that exists, so running it again changes nothing.
 * Tenant scope.
 */
export async function seedCommunicationTemplates(trx: Db, tenantId: number, now: Date): Promise<number> {
  const languages = await trx
    .selectFrom('project_languages')
    .select(['project_id', 'language_id'])
    .orderBy('project_id')
    .orderBy('language_id')
    .execute();
  let created = 0;
  for (const { project_id: projectId, language_id: languageId } of languages) {
    const texts = INVITATIONS[languageId] ?? INVITATIONS[1]!;
    const invitations: CommunicationTemplateInput[] = [
      {
        template_type: 'TEST_INVITATION_EMAIL',
        template_name: texts.name,
        email_subject: texts.subject,
        template_content: texts.body,
        sms_sender: null,
        sms_provider: null,
        language_id: languageId,
        description: null,
      },
      {
        template_type: 'TEST_INVITATION_SMS',
        template_name: null,
        email_subject: null,
        template_content: texts.sms,
        sms_sender: 'PHONE_NUMBER',
        sms_provider: 'TWILIO',
        language_id: languageId,
        description: null,
      },
    ];
    for (const invitation of invitations) {
      if (await findTemplate(trx, { projectId, type: invitation.template_type, languageId })) continue;
      await saveTemplate(trx, tenantId, projectId, invitation, now);
      created += 1;
    }
  }
  return created;
}
