import type { Db, QuestionnaireType } from '../../../platform/db/schema';

/** The columns the project form writes (docs/product/project-form.md#fields); jsonb groups as JSON values. */
export interface ProjectColumns {
  name: string;
  description: string | null;
  note: string | null;
  active: boolean;
  status_id: number | null;
  stage_id: number | null;
  questionnaire_type: QuestionnaireType;
  language_id: number | null;
  location_id: number | null;
  type_id: number | null;
  department_id: number | null;
  external_risk_objective_id: number | null;
  currency_id: number | null;
  est_start_date: string | null;
  est_end_date: string | null;
  est_participant: number | null;
  resources_password: string | null;
  parent_id: number | null;
  tags: string[];
  business_line: Record<string, unknown>[];
  is_business_line_optional: boolean;
  internal_settings: Record<string, unknown>;
  client_api: Record<string, unknown>;
  configuration_json: Record<string, unknown> | null;
}

export type StoredProject = ProjectColumns & {
  id: number;
  uuid: string;
  tenant_id: number;
  created_at: Date;
  stage_sequence: number | null;
};

const isoDay = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

/** Every column of one project of the tenant, with its stage's sequence; null when not the tenant's. Tenant scope. */
export async function readStoredProject(trx: Db, projectId: number): Promise<StoredProject | null> {
  const row = await trx
    .selectFrom('projects as p')
    .leftJoin('project_attributes as stage', (join) =>
      join
        .onRef('stage.attribute_id', '=', 'p.stage_id')
        .onRef('stage.tenant_id', '=', 'p.tenant_id')
        .on('stage.attribute_type', '=', 'STAGE')
        .on('stage.language_id', '=', 1),
    )
    .selectAll('p')
    .select('stage.sequence as stage_sequence')
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return null;
  const { result_configuration_template_id: templateId, ...rest } = row;
  return {
    ...rest,
    // The form's result template lives in its column, which the results and PDFs read (see `writable`).
    internal_settings: {
      ...(row.internal_settings as Record<string, unknown>),
      result_configuration_template_id: templateId,
    },
    est_start_date: isoDay(row.est_start_date),
    est_end_date: isoDay(row.est_end_date),
  };
}

/**
 * The row to write. The form's `result_configuration_template_id` (an internal field) is stored in its column
 * (migration 015), the one place the result display, the PDF risk reports and the template delete check read
 * (docs/product/result-config.md#project-display), never in `internal_settings`.
 */
const writable = ({ internal_settings: internalSettings, ...columns }: ProjectColumns) => {
  const { result_configuration_template_id: templateId, ...internal } = internalSettings;
  return {
    ...columns,
    result_configuration_template_id: typeof templateId === 'number' ? templateId : null,
    business_line: JSON.stringify(columns.business_line),
    internal_settings: JSON.stringify(internal),
    client_api: JSON.stringify(columns.client_api),
    configuration_json: columns.configuration_json === null ? null : JSON.stringify(columns.configuration_json),
  };
};

/** Inserts a project row; its languages and rows follow. Tenant scope. */
export async function insertProjectRow(trx: Db, tenantId: number, columns: ProjectColumns, now: Date) {
  const { id } = await trx
    .insertInto('projects')
    .values({ ...writable(columns), tenant_id: tenantId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateProjectRow(trx: Db, projectId: number, columns: ProjectColumns, now: Date) {
  await trx
    .updateTable('projects')
    .set({ ...writable(columns), updated_at: now })
    .where('id', '=', projectId)
    .execute();
}

/** Makes the project's languages exactly `languageIds` (rows of removed languages go with them). Tenant scope. */
export async function setProjectLanguages(trx: Db, tenantId: number, projectId: number, languageIds: number[]) {
  let removal = trx.deleteFrom('project_languages').where('project_id', '=', projectId);
  if (languageIds.length) removal = removal.where('language_id', 'not in', languageIds);
  await removal.execute();
  if (languageIds.length === 0) return;
  await trx
    .insertInto('project_languages')
    .values(languageIds.map((languageId) => ({ tenant_id: tenantId, project_id: projectId, language_id: languageId })))
    .onConflict((oc) => oc.columns(['project_id', 'language_id']).doNothing())
    .execute();
}

/** Copies a project's questions (text, flags, sequence) to another project of the tenant. Tenant scope. */
export async function copyProjectQuestions(trx: Db, tenantId: number, fromId: number, toId: number, now: Date) {
  const questions = await trx
    .selectFrom('project_questions')
    .select(['question_text', 'is_pertinant', 'sequence', 'expected_answer', 'pre_interview'])
    .where('project_id', '=', fromId)
    .execute();
  if (questions.length === 0) return;
  await trx
    .insertInto('project_questions')
    .values(questions.map((q) => ({ ...q, tenant_id: tenantId, project_id: toId, created_at: now })))
    .execute();
}

/** Ids of languages that exist. */
export async function existingLanguageIds(trx: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await trx.selectFrom('languages').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The tenant's active call centers, id and name, by name. Tenant scope. */
export function listActiveCallCenters(trx: Db) {
  return trx
    .selectFrom('call_centers')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Whether the tenant has a STATUS or STAGE value with this id. Tenant scope. */
export async function attributeExists(trx: Db, type: 'STATUS' | 'STAGE', attributeId: number) {
  const row = await trx
    .selectFrom('project_attributes')
    .select('id')
    .where('attribute_type', '=', type)
    .where('attribute_id', '=', attributeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the tenant has this result-configuration template. Tenant scope. */
export async function resultTemplateExists(trx: Db, templateId: number) {
  const row = await trx
    .selectFrom('result_config_templates')
    .select('id')
    .where('id', '=', templateId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the call centers a project uses (docs/product/project-form.md#call-centers). Tenant scope. */
export async function readProjectCallCenterIds(trx: Db, projectId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('project_call_centers')
    .select('call_center_id')
    .where('project_id', '=', projectId)
    .orderBy('call_center_id')
    .execute();
  return rows.map((row) => row.call_center_id);
}

/** Which of these ids are call centers of the operating tenant (row-level security hides the others). Tenant scope. */
export async function existingCallCenterIds(trx: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await trx.selectFrom('call_centers').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Makes the project's call centers exactly `callCenterIds`. Tenant scope. */
export async function setProjectCallCenters(trx: Db, tenantId: number, projectId: number, callCenterIds: number[]) {
  let removal = trx.deleteFrom('project_call_centers').where('project_id', '=', projectId);
  if (callCenterIds.length) removal = removal.where('call_center_id', 'not in', callCenterIds);
  await removal.execute();
  if (callCenterIds.length === 0) return;
  await trx
    .insertInto('project_call_centers')
    .values(callCenterIds.map((id) => ({ tenant_id: tenantId, project_id: projectId, call_center_id: id })))
    .onConflict((oc) => oc.columns(['project_id', 'call_center_id']).doNothing())
    .execute();
}
