import type { components, operations } from '../../../../contracts/project-service';
import type { ResultConfigTypes } from '../../../platform/db/schema';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { RESULT_ICONS, blankResultConfigTypes } from '../../../../shared/result-config-rules';
import {
  createResultConfigTemplate,
  deleteResultConfigTemplate,
  getResultConfigTemplate,
  listResultConfigTemplates,
  updateResultConfigTemplate,
  type StoredResultConfigTemplate,
} from './result-config-store';

type ResultConfigHandlers = Pick<
  ServiceHandlers<operations>,
  | 'listResultConfigTemplates'
  | 'getBlankResultConfigTemplate'
  | 'createResultConfigTemplate'
  | 'getResultConfigTemplate'
  | 'updateResultConfigTemplate'
  | 'deleteResultConfigTemplate'
>;

type Schemas = components['schemas'];
type ResultType = Schemas['ResultConfigRow']['result_type'];

/** Rows as the contract answers them: each with the icons it may choose from. */
const presentTypes = (types: ResultConfigTypes): Schemas['ResultConfigTypes'] =>
  Object.fromEntries(
    Object.entries(types).map(([type, rows]) => [
      type,
      // result_type was checked against the badge codes when the template was stored.
      rows.map((r) => ({ ...r, result_type: r.result_type as ResultType, icons: [...RESULT_ICONS] })),
    ]),
  );

const present = (t: StoredResultConfigTemplate): Schemas['ResultConfigTemplate'] => ({
  id: t.id,
  template_name: t.templateName,
  template_type: presentTypes(t.templateType),
  create_date: t.createdAt.toISOString(),
});

/** The rows to store: the contract's fields without the icon list a client may send back. */
const storedTypes = (input: Schemas['ResultConfigTemplateInput']['template_type']): ResultConfigTypes =>
  Object.fromEntries(
    Object.entries(input).map(([type, rows]) => [
      type,
      rows.map(({ result, result_es, result_type, result_type_es, icon_id }) => ({
        result: result.trim(),
        result_es: result_es.trim(),
        result_type,
        result_type_es: result_type_es.trim() || result_type,
        icon_id,
      })),
    ]),
  );

/** docs/product/result-config.md */
export const resultConfigHandlers: ResultConfigHandlers = {
  async listResultConfigTemplates({ body }, ctx) {
    const { total, templates } = await ctx.inTenant((trx) =>
      listResultConfigTemplates(trx, { ...body, tenantId: ctx.operatingTenant.id }),
    );
    return { total_template: total, template: templates.map(present) };
  },

  async getBlankResultConfigTemplate() {
    return { template_name: '', template_type: presentTypes(blankResultConfigTypes()) };
  },

  async createResultConfigTemplate({ body }, ctx) {
    const template = await ctx.inTenant((trx) =>
      createResultConfigTemplate(trx, {
        tenantId: ctx.operatingTenant.id,
        templateName: body.template_name,
        templateType: storedTypes(body.template_type),
        now: ctx.now(),
      }),
    );
    return { message: 'Template Created Successfully', template: present(template) };
  },

  async getResultConfigTemplate({ params }, ctx) {
    return present(await ctx.inTenant((trx) => getResultConfigTemplate(trx, params.id)));
  },

  async updateResultConfigTemplate({ params, body }, ctx) {
    const template = await ctx.inTenant((trx) =>
      updateResultConfigTemplate(trx, {
        id: params.id,
        templateName: body.template_name,
        templateType: storedTypes(body.template_type),
        now: ctx.now(),
      }),
    );
    return { message: 'Template Update Successfully', template: present(template) };
  },

  async deleteResultConfigTemplate({ params }, ctx) {
    await ctx.inTenant((trx) => deleteResultConfigTemplate(trx, params.id));
    return { message: 'Template Deleted Successfully' };
  },
};
