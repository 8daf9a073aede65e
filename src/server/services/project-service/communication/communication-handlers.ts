import type { components, operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { saveTemplate } from './save-template';
import {
  allowedPlaceholders,
  findProject,
  findTemplate,
  listProjectTemplates,
  requireProjectLanguage,
  type StoredTemplate,
} from './template-store';
import type { AllowedPlaceholder, TemplateType } from '../../../../shared/template-rules';

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
      const { template, placeholders } = await saveTemplate(trx, ctx.operatingTenant.id, params.id, body, ctx.now());
      return present(key, template, placeholders);
    });
  },

  async listProjectCommunicationTemplates({ params }, ctx) {
    return ctx.inTenant(async (trx) => {
      await findProject(trx, params.id);
      const rows = await listProjectTemplates(trx, params.id);
      return rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
    });
  },
};
