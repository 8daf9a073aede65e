import { sql, type Selectable } from 'kysely';
import type { Db, ResultConfigTemplates, ResultConfigTypes } from '../../../platform/db/schema';
import { RESULT_CONFIG_MESSAGES, resultConfigProblems, resultConfigRow } from '../../../../shared/result-config-rules';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { HttpError, notFound } from '../../../platform/http/http-error';
import { FieldErrors } from '../../../platform/http/field-errors';
import { containsPattern } from '../../../platform/db/contains-pattern';

/**
 * Result-configuration templates (docs/product/result-config.md): per template type, how each result code is
 * shown (English and Spanish text, the badge code and the icon picked under 'Display As'). The rules are in
 * src/shared/result-config-rules.ts.
 */

const row = resultConfigRow;

/**
 * The product's default display of results: the risk set of precision-style questionnaires and the red/green
 * set of EXPRESS and PRECISION_RED_GREEN ones (docs/product/result-config.md#defaults).
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

/** Checks a template's name, types and rows (the shared rules); 422 with field errors. */
function checkTemplate(templateName: string, templateType: ResultConfigTypes): string {
  const errors = new FieldErrors();
  for (const problem of resultConfigProblems({ template_name: templateName, template_type: templateType })) {
    errors.add(problem.field, RESULT_CONFIG_MESSAGES[problem.code]);
  }
  errors.throwIfAny();
  return templateName.trim();
}

const stored = (r: Selectable<ResultConfigTemplates>): StoredResultConfigTemplate => ({
  id: r.id,
  templateName: r.template_name,
  templateType: r.template_type,
  createdAt: r.created_at,
});

/** The written row, or 409 when the name is the account's already (case-insensitive unique index). */
async function storedOrNameTaken(write: Promise<Selectable<ResultConfigTemplates>>) {
  try {
    return stored(await write);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new HttpError(409, 'A template with this name already exists.', {
      code: 'TEMPLATE_NAME_EXISTS',
      errors: [{ field: 'template_name', message: 'A template with this name already exists.' }],
    });
  }
}

/** Creates a tenant's template (name unique in the tenant, case-insensitively). Tenant scope. */
export async function createResultConfigTemplate(
  trx: Db,
  template: { tenantId: number; templateName: string; templateType: ResultConfigTypes; now: Date },
): Promise<StoredResultConfigTemplate> {
  const name = checkTemplate(template.templateName, template.templateType);
  return storedOrNameTaken(
    trx
      .insertInto('result_config_templates')
      .values({
        tenant_id: template.tenantId,
        template_name: name,
        template_type: JSON.stringify(template.templateType),
        created_at: template.now,
        updated_at: template.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
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
  if (search) base = base.where(sql<string>`template_name`, 'ilike', containsPattern(search));
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
    templates: rows.map(stored),
  };
}

const templateNotFound = () => notFound('Template not found.');

/** One template of the tenant; 404 'Template not found.' otherwise. Tenant scope. */
export async function getResultConfigTemplate(trx: Db, id: number): Promise<StoredResultConfigTemplate> {
  const row = await trx.selectFrom('result_config_templates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw templateNotFound();
  return stored(row);
}

/** Replaces a template's name and rows (the rules of creation). Tenant scope. */
export async function updateResultConfigTemplate(
  trx: Db,
  update: { id: number; templateName: string; templateType: ResultConfigTypes; now: Date },
): Promise<StoredResultConfigTemplate> {
  await getResultConfigTemplate(trx, update.id);
  const name = checkTemplate(update.templateName, update.templateType);
  return storedOrNameTaken(
    trx
      .updateTable('result_config_templates')
      .set({ template_name: name, template_type: JSON.stringify(update.templateType), updated_at: update.now })
      .where('id', '=', update.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** Deletes a template no project of the tenant uses (409 otherwise). Tenant scope. */
export async function deleteResultConfigTemplate(trx: Db, id: number): Promise<void> {
  await getResultConfigTemplate(trx, id);
  const user = await trx
    .selectFrom('projects')
    .select('id')
    .where('result_configuration_template_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (user) {
    throw new HttpError(409, 'This template is used by a project and cannot be deleted.', { code: 'TEMPLATE_IN_USE' });
  }
  await trx.deleteFrom('result_config_templates').where('id', '=', id).execute();
}

/**
 * What a project shows its results with: its questionnaire type and its template's rows (the template it
 * chose, else the account's 'Standard Results', else null). 404 'Project not found.' Tenant scope.
 */
export async function findProjectResultTemplate(
  trx: Db,
  projectId: number,
): Promise<{ questionnaireType: string; templateType: ResultConfigTypes | null }> {
  const project = await trx
    .selectFrom('projects')
    .leftJoin('result_config_templates as chosen', 'chosen.id', 'projects.result_configuration_template_id')
    .select(['projects.questionnaire_type', 'chosen.template_type'])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw notFound('Project not found.');
  if (project.template_type)
    return { questionnaireType: project.questionnaire_type, templateType: project.template_type };
  const standard = await trx
    .selectFrom('result_config_templates')
    .select('template_type')
    .where(sql<string>`lower(template_name)`, '=', DEFAULT_RESULT_CONFIG_TEMPLATE_NAME.toLowerCase())
    .executeTakeFirst();
  return { questionnaireType: project.questionnaire_type, templateType: standard?.template_type ?? null };
}

/**
 * Makes a project show its results with one of the tenant's templates (null: the account's default); 404 for
 * a template or project the tenant does not have. Tenant scope.
 */
export async function chooseProjectResultTemplate(
  trx: Db,
  projectId: number,
  templateId: number | null,
): Promise<void> {
  if (templateId !== null) await getResultConfigTemplate(trx, templateId);
  const updated = await trx
    .updateTable('projects')
    .set({ result_configuration_template_id: templateId })
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound('Project not found.');
}
