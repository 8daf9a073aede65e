import type { components } from '../../../../contracts/project-service';
import { englishMessage, templateProblems } from '../../../../shared/template-rules';
import type { Db } from '../../../platform/db/schema';
import { unprocessable } from '../../../platform/http/http-error';
import { sanitizeEmailHtml } from './sanitize-email-html';
import type { AllowedPlaceholder } from '../../../../shared/template-rules';
import {
  allowedPlaceholders,
  findProject,
  requireProjectLanguage,
  upsertTemplate,
  type StoredTemplate,
} from './template-store';

type TemplateInput = components['schemas']['CommunicationTemplateInput'];

const trimmedOrNull = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

/**
 * Creates or replaces a project's template of one type and language after the rules of docs/product/communication-templates.md#rules (422 with every
 * problem on its field); the e-mail body is stored sanitised. Answers the stored template and the placeholders its
 * type allows. Tenant scope. The API and the seed both save here.
 */
export async function saveTemplate(
  trx: Db,
  tenantId: number,
  projectId: number,
  input: TemplateInput,
  now: Date,
): Promise<{ template: StoredTemplate; placeholders: AllowedPlaceholder[] }> {
  requireProjectLanguage(await findProject(trx, projectId), input.language_id);
  const placeholders = await allowedPlaceholders(trx, input.template_type);
  const problems = templateProblems(input, placeholders);
  if (problems[0]) {
    const errors = problems.map((problem) => ({ field: problem.field, message: englishMessage(problem) }));
    throw unprocessable(errors[0]!.message, problems[0].code, errors);
  }
  const email = input.template_type === 'TEST_INVITATION_EMAIL';
  const template = await upsertTemplate(
    trx,
    { tenantId, projectId, type: input.template_type, languageId: input.language_id },
    {
      template_name: trimmedOrNull(input.template_name),
      description: trimmedOrNull(input.description),
      email_subject: email ? trimmedOrNull(input.email_subject) : null,
      template_content: email ? sanitizeEmailHtml(input.template_content) : input.template_content,
      sms_sender: email ? null : input.sms_sender,
      sms_provider: email ? null : input.sms_provider,
    },
    now,
  );
  return { template, placeholders };
}
