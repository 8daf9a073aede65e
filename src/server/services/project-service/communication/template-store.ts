import type { Selectable } from 'kysely';
import { notFound, unprocessable } from '../../../platform/http/http-error';
import type { CommunicationTemplates, Db } from '../../../platform/db/schema';
import type { AllowedPlaceholder, TemplateType } from '../../../../shared/template-rules';

export type StoredTemplate = Selectable<CommunicationTemplates>;

export interface ProjectWithLanguages {
  id: number;
  name: string;
  languageIds: number[];
}

/** The project in the operating tenant's scope (row-level security) with its languages; 404 when not there. */
export async function findProject(trx: Db, projectId: number): Promise<ProjectWithLanguages> {
  const project = await trx
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw notFound('Project not found.');
  const languages = await trx
    .selectFrom('project_languages')
    .select('language_id')
    .where('project_id', '=', projectId)
    .orderBy('language_id')
    .execute();
  return { ...project, languageIds: languages.map((l) => l.language_id) };
}

/** Templates exist per language of the project only. */
export function requireProjectLanguage(project: ProjectWithLanguages, languageId: number): void {
  if (!project.languageIds.includes(languageId)) {
    throw unprocessable('The project is not configured for this language.', 'LANGUAGE_NOT_IN_PROJECT', [
      { field: 'language_id', message: 'The project is not configured for this language.' },
    ]);
  }
}

export async function allowedPlaceholders(trx: Db, type: TemplateType): Promise<AllowedPlaceholder[]> {
  const rows = await trx
    .selectFrom('template_placeholders')
    .select(['placeholder', 'is_default_placeholder'])
    .where('template_type', '=', type)
    .orderBy('is_default_placeholder', 'desc')
    .orderBy('placeholder')
    .execute();
  return rows.map((r) => ({ placeholder: r.placeholder, isDefaultPlaceholder: r.is_default_placeholder }));
}

export async function findTemplate(
  trx: Db,
  key: { projectId: number; type: TemplateType; languageId: number },
): Promise<StoredTemplate | undefined> {
  return trx
    .selectFrom('communication_templates')
    .selectAll()
    .where('project_id', '=', key.projectId)
    .where('template_type', '=', key.type)
    .where('language_id', '=', key.languageId)
    .executeTakeFirst();
}

/**
 * The template a participant's invitation uses: the one in their language, else English, else the first saved
 * language's.
 */
export async function findInvitationTemplate(
  trx: Db,
  key: { projectId: number; type: TemplateType; languageId: number | null },
): Promise<StoredTemplate | undefined> {
  const templates = await trx
    .selectFrom('communication_templates')
    .selectAll()
    .where('project_id', '=', key.projectId)
    .where('template_type', '=', key.type)
    .orderBy('language_id')
    .execute();
  return (
    templates.find((x) => x.language_id === key.languageId) ??
    templates.find((x) => x.language_id === 1) ??
    templates[0]
  );
}

export type TemplateValues = Pick<
  StoredTemplate,
  'template_name' | 'description' | 'email_subject' | 'template_content' | 'sms_sender' | 'sms_provider'
>;

/** Creates or replaces the one template of a project, type and language. */
export async function upsertTemplate(
  trx: Db,
  key: { tenantId: number; projectId: number; type: TemplateType; languageId: number },
  values: TemplateValues,
  now: Date,
): Promise<StoredTemplate> {
  return trx
    .insertInto('communication_templates')
    .values({
      tenant_id: key.tenantId,
      project_id: key.projectId,
      template_type: key.type,
      language_id: key.languageId,
      ...values,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['project_id', 'template_type', 'language_id']).doUpdateSet({ ...values, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A project's saved templates by type and language. */
export function listProjectTemplates(trx: Db, projectId: number) {
  return trx
    .selectFrom('communication_templates')
    .select(['id', 'template_type', 'language_id', 'template_name', 'updated_at'])
    .where('project_id', '=', projectId)
    .orderBy('template_type')
    .orderBy('language_id')
    .execute();
}
