import type { components, operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { unprocessable } from '../../../platform/http/http-error';
import { sanitizeEmailHtml } from './sanitize-email-html';
import { allowedPlaceholders, findProject, findTemplate, requireProjectLanguage, upsertTemplate, type StoredTemplate } from './template-store';
import { englishMessage, templateProblems, type AllowedPlaceholder, type TemplateType } from '../../../../shared/template-rules';

type CommunicationHandlers = Pick<
  ServiceHandlers<operations>,
  'getCommunicationTemplate' | 'saveCommunicationTemplate' | 'listProjectCommunicationTemplates'
>;
type CommunicationTemplate = components['schemas']['CommunicationTemplate'];

function present(
  key: { projectId: number; type: TemplateType; languageId: number },
  stored: StoredTemplate | undefined,
  placeholders: AllowedPlaceholder[],
): CommunicationTemplate {
  return {
    id: stored?.id ?? null,
    project_id: key.projectId,
    template_type: key.type,
    language_id: key.languageId,
    template_name: stored?.template_name ?? null,
    description: stored?.description ?? null,
    template_content: stored?.template_content ?? '',
    email_subject: stored?.email_subject ?? null,
    sms_sender: stored?.sms_sender ?? null,
    sms_provider: (stored?.sms_provider as CommunicationTemplate['sms_provider'] | undefined) ?? null,
    placeholders,
    updated_at: stored?.updated_at.toISOString() ?? null,
  };
}

const trimmedOrNull = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

export const communicationHandlers: CommunicationHandlers = {
  async getCommunicationTemplate({ query }, ctx) {
    const key = { projectId: query.project_id, type: query.type, languageId: query.language_id };
    return ctx.inTenant(async (trx) => {
      requireProjectLanguage(await findProject(trx, key.projectId), key.languageId);
      return present(key, await findTemplate(trx, key), await allowedPlaceholders(trx, key.type));
    });
  },

  async saveCommunicationTemplate({ params, body }, ctx) {
    const key = { projectId: params.id, type: body.template_type, languageId: body.language_id };
    return ctx.inTenant(async (trx) => {
      requireProjectLanguage(await findProject(trx, key.projectId), key.languageId);
      const placeholders = await allowedPlaceholders(trx, key.type);
      const problems = templateProblems(body, placeholders);
      if (problems[0]) {
        const errors = problems.map((problem) => ({ field: problem.field, message: englishMessage(problem) }));
        throw unprocessable(errors[0]!.message, problems[0].code, errors);
      }
      const email = key.type === 'TEST_INVITATION_EMAIL';
      const stored = await upsertTemplate(
        trx,
        { ...key, tenantId: ctx.operatingTenant.id },
        {
          template_name: trimmedOrNull(body.template_name),
          description: trimmedOrNull(body.description),
          email_subject: email ? trimmedOrNull(body.email_subject) : null,
          template_content: email ? sanitizeEmailHtml(body.template_content) : body.template_content,
          sms_sender: email ? null : body.sms_sender,
          sms_provider: email ? null : body.sms_provider,
        },
        ctx.now(),
      );
      return present(key, stored, placeholders);
    });
  },

  async listProjectCommunicationTemplates({ params }, ctx) {
    return ctx.inTenant(async (trx) => {
      await findProject(trx, params.id);
      const rows = await trx
        .selectFrom('communication_templates')
        .select(['id', 'template_type', 'language_id', 'template_name', 'updated_at'])
        .where('project_id', '=', params.id)
        .orderBy('template_type')
        .orderBy('language_id')
        .execute();
      return rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
    });
  },
};
