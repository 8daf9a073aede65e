import type { components, operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { RESULT_ICONS, listResultConfigTemplates } from './result-config-store';

type ResultConfigHandlers = Pick<ServiceHandlers<operations>, 'listResultConfigTemplates'>;

type ResultType = components['schemas']['ResultConfigRow']['result_type'];

export const resultConfigHandlers: ResultConfigHandlers = {
  async listResultConfigTemplates({ body }, ctx) {
    const { total, templates } = await ctx.inTenant((trx) =>
      listResultConfigTemplates(trx, { ...body, tenantId: ctx.operatingTenant.id }),
    );
    return {
      total_template: total,
      template: templates.map((t) => ({
        id: t.id,
        template_name: t.templateName,
        template_type: Object.fromEntries(
          Object.entries(t.templateType).map(([type, rows]) => [
            type,
            // result_type was checked against the badge codes when the template was stored.
            rows.map((r) => ({ ...r, result_type: r.result_type as ResultType, icons: [...RESULT_ICONS] })),
          ]),
        ),
        create_date: t.createdAt.toISOString(),
      })),
    };
  },
};
