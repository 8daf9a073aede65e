import { sql } from 'kysely';
import type { Db, ResultConfigRow, ResultConfigTypes } from '../../../platform/db/schema';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { HttpError } from '../../../platform/http/http-error';
import { FieldErrors } from '../../../platform/http/field-errors';

/**
 * Result-configuration templates (docs/product/project-lookups.md#result-config): per template type, how each result code is shown (English
 * and Spanish text, the badge code and the icon picked under 'Display As').
 */

/** The icons a row may be displayed as (the 'Display As' picker). */
export const RESULT_ICONS: readonly { value: number; label: string }[] = [
  { value: 1, label: 'Red flag' },
  { value: 2, label: 'Orange triangle' },
  { value: 3, label: 'Yellow circle' },
  { value: 4, label: 'Light green circle' },
  { value: 5, label: 'Green check' },
  { value: 6, label: 'Grey dash' },
  { value: 7, label: 'Blue info' },
];
const iconIds = new Set(RESULT_ICONS.map((i) => i.value));

/** The 12 badge codes of docs/product/project-lookups.md#result-config (D is the default badge of a code the template does not name). */
export const RESULT_BADGE_CODES = ['HR', 'R', 'PR', 'AR', 'LR', 'G', 'NC', 'DC', 'NP', 'AD', 'CM', 'D'] as const;
const badgeCodes = new Set<string>(RESULT_BADGE_CODES);

const row = (result_type: string, result: string, result_es: string, icon_id: number): ResultConfigRow => ({
  result,
  result_es,
  result_type,
  result_type_es: result_type,
  icon_id,
});

/**
 * The product's default display of results: the risk set of precision-style questionnaires and the red/green
 * set of EXPRESS and PRECISION_RED_GREEN ones (docs/product/project-lookups.md#result-config).
 */
export function defaultResultConfigTypes(): ResultConfigTypes {
  return {
    PRECISION_RESULTS: [
      row('HR', 'High Risk', 'Riesgo alto', 1),
      row('PR', 'Potential Risk', 'Riesgo potencial', 3),
      row('AR', 'Average Risk', 'Riesgo promedio', 4),
      row('LR', 'Low Risk', 'Riesgo bajo', 5),
      row('CM', 'Counter Measure', 'Contramedida', 1),
      row('AD', 'Admission', 'Admisión', 1),
      row('NC', 'Non-Compliant', 'No conforme', 6),
      row('DC', 'Disconnected', 'Desconectado', 6),
      row('NP', 'Non-Responsive', 'Sin respuesta', 6),
    ],
    RED_GREEN_RESULTS: [
      row('R', 'Red', 'Rojo', 1),
      row('G', 'Green', 'Verde', 5),
      row('NC', 'Non-Compliant', 'No conforme', 6),
      row('DC', 'Disconnected', 'Desconectado', 6),
      row('NP', 'Non-Responsive', 'Sin respuesta', 6),
    ],
  };
}

export const DEFAULT_RESULT_CONFIG_TEMPLATE_NAME = 'Standard Results';

export interface StoredResultConfigTemplate {
  id: number;
  templateName: string;
  templateType: ResultConfigTypes;
  createdAt: Date;
}

/** Checks a template's types and rows; 422 with field errors. */
function checkTemplate(templateName: string, templateType: ResultConfigTypes): string {
  const errors = new FieldErrors();
  const name = errors.required('template_name', templateName, 'Template name is required');
  if (name.length > 100) errors.add('template_name', 'Template name should be less than 100 character');
  const types = Object.entries(templateType);
  if (types.length === 0) errors.add('template_type', 'At least one template type is required');
  for (const [type, rows] of types) {
    if (!/^[A-Z][A-Z0-9_]{0,49}$/.test(type))
      errors.add(`template_type.${type}`, 'Template type names are upper case with underscores');
    const seen = new Set<string>();
    rows.forEach((r, index) => {
      const at = `template_type.${type}[${index}]`;
      if (!badgeCodes.has(r.result_type) || seen.has(r.result_type))
        errors.add(`${at}.result_type`, 'Unknown or repeated result type');
      seen.add(r.result_type);
      if (!r.result.trim()) errors.add(`${at}.result`, 'Result text is required');
      if (!iconIds.has(r.icon_id)) errors.add(`${at}.icon_id`, 'Unknown icon');
    });
  }
  errors.throwIfAny();
  return name;
}

/** Creates a tenant's template (name unique in the tenant, case-insensitively). Tenant scope. */
export async function createResultConfigTemplate(
  trx: Db,
  template: { tenantId: number; templateName: string; templateType: ResultConfigTypes; now: Date },
): Promise<StoredResultConfigTemplate> {
  const name = checkTemplate(template.templateName, template.templateType);
  try {
    const stored = await trx
      .insertInto('result_config_templates')
      .values({
        tenant_id: template.tenantId,
        template_name: name,
        template_type: JSON.stringify(template.templateType),
        created_at: template.now,
        updated_at: template.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      id: stored.id,
      templateName: stored.template_name,
      templateType: stored.template_type,
      createdAt: stored.created_at,
    };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'A template with this name already exists.', {
        code: 'TEMPLATE_NAME_EXISTS',
        errors: [{ field: 'template_name', message: 'A template with this name already exists.' }],
      });
    }
    throw error;
  }
}

/**
 * Gives a tenant the default template unless it has one of that name (new accounts, the seed). Tenant or
 * system scope (createTenant runs privileged, so the query names the tenant).
 */
export async function ensureDefaultResultConfigTemplate(trx: Db, tenantId: number, now: Date): Promise<void> {
  const existing = await trx
    .selectFrom('result_config_templates')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(template_name)`, '=', DEFAULT_RESULT_CONFIG_TEMPLATE_NAME.toLowerCase())
    .executeTakeFirst();
  if (!existing) {
    await createResultConfigTemplate(trx, {
      tenantId,
      templateName: DEFAULT_RESULT_CONFIG_TEMPLATE_NAME,
      templateType: defaultResultConfigTypes(),
      now,
    });
  }
}

/** A page of the tenant's templates, newest first, optionally filtered by name; with the total. Tenant scope. */
export async function listResultConfigTemplates(
  trx: Db,
  query: { tenantId: number; page: number; pageSize: number; search?: string | null },
): Promise<{ total: number; templates: StoredResultConfigTemplate[] }> {
  const search = query.search?.trim();
  let base = trx.selectFrom('result_config_templates').where('tenant_id', '=', query.tenantId);
  if (search) base = base.where(sql<string>`template_name`, 'ilike', `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset(query.page * query.pageSize)
    .execute();
  return {
    total: Number(total),
    templates: rows.map((r) => ({
      id: r.id,
      templateName: r.template_name,
      templateType: r.template_type,
      createdAt: r.created_at,
    })),
  };
}
