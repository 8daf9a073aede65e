import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

/** The English description of a project's stage or status value. */
const englishAttribute = (type: 'STAGE' | 'STATUS', column: 'p.stage_id' | 'p.status_id') =>
  sql<string | null>`(SELECT a.description FROM project_attributes a WHERE a.tenant_id = p.tenant_id
    AND a.attribute_type = ${type} AND a.attribute_id = ${sql.ref(column)} AND a.language_id = 1)`;

/** What the Word export shows of a project: its fields, stage and status (English), languages and team. */
export async function findProjectForExport(trx: Db, projectId: number) {
  const project = await trx
    .selectFrom('projects as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select([
      'p.id',
      'p.uuid',
      'p.name',
      'p.description',
      'p.active',
      'p.questionnaire_type',
      'p.created_at',
      't.name as tenant_name',
      englishAttribute('STAGE', 'p.stage_id').as('stage'),
      englishAttribute('STATUS', 'p.status_id').as('status'),
    ])
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  if (!project) return null;
  const languages = await trx
    .selectFrom('project_languages as pl')
    .innerJoin('languages as l', 'l.id', 'pl.language_id')
    .select(['l.label'])
    .where('pl.project_id', '=', projectId)
    .orderBy('l.id')
    .execute();
  return { ...project, languages: languages.map((l) => l.label) };
}
