import type { Db } from '../../../platform/db/schema';

/** What the Word export shows of a project: its fields, stage and status (English), languages and team. */
export async function findProjectForExport(trx: Db, projectId: number) {
  const project = await trx
    .selectFrom('projects as p')
    .leftJoin('project_attributes as stage', (join) =>
      join
        .onRef('stage.attribute_id', '=', 'p.stage_id')
        .onRef('stage.tenant_id', '=', 'p.tenant_id')
        .on('stage.attribute_type', '=', 'STAGE')
        .on('stage.language_id', '=', 1),
    )
    .leftJoin('project_attributes as status', (join) =>
      join
        .onRef('status.attribute_id', '=', 'p.status_id')
        .onRef('status.tenant_id', '=', 'p.tenant_id')
        .on('status.attribute_type', '=', 'STATUS')
        .on('status.language_id', '=', 1),
    )
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
      'stage.description as stage',
      'status.description as status',
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
