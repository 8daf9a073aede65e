import type { operations } from '../../../contracts/project-service';
import { notFound } from '../../platform/http/http-error';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { readProjectLanguageConfig } from './lookups/language-config-store';

type ProjectDetailHandlers = Pick<ServiceHandlers<operations>, 'getProject'>;

export const projectDetailHandlers: ProjectDetailHandlers = {
  async getProject({ params }, ctx) {
    return ctx.inTenant(async (trx) => {
      const project = await trx
        .selectFrom('projects as p')
        .leftJoin('project_attributes as stage', (join) =>
          join
            .onRef('stage.attribute_id', '=', 'p.stage_id')
            .onRef('stage.tenant_id', '=', 'p.tenant_id')
            .on('stage.attribute_type', '=', 'STAGE')
            .on('stage.language_id', '=', 1),
        )
        .select([
          'p.id',
          'p.name',
          'p.description',
          'p.active',
          'p.status_id',
          'p.stage_id',
          'p.questionnaire_type',
          'stage.sequence as stage_sequence',
        ])
        .where('p.id', '=', params.id)
        .executeTakeFirst();
      if (!project) throw notFound('Project not found.');
      const languages = await trx
        .selectFrom('project_languages as pl')
        .innerJoin('languages as l', 'l.id', 'pl.language_id')
        .select(['l.id', 'l.label'])
        .where('pl.project_id', '=', project.id)
        .orderBy('l.id')
        .execute();
      const configs = await readProjectLanguageConfig(trx, project.id);
      return {
        projectId: project.id,
        name: project.name,
        description: project.description,
        active: project.active,
        statusId: project.status_id,
        stageId: project.stage_id,
        stageSequence: project.stage_sequence,
        questionnaireType: project.questionnaire_type,
        projectLanguagesData: languages.map((l) => ({ value: l.id, label: l.label })),
        projectMultiLanguageConfig: configs.flatMap((c) =>
          c.projectCode === null
            ? []
            : [{ language: c.languageId, projectCode: c.projectCode, dialInNumber: c.dialInNumber, ivrOption: c.ivrOption, callDelayBy: c.callDelayBy }],
        ),
      };
    });
  },
};
