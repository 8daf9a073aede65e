import type { operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { cachedTenantFigures } from '../../../platform/cache/tenant-figures-cache';
import { utcDay } from '../../../platform/clock';
import type { Db } from '../../../platform/db/schema';
import { requireOperatingTenant } from '../../../platform/tenancy/require-operating-tenant';
import { notFound } from '../../../platform/http/http-error';
import { defaultStatusIds } from '../../../../shared/default-status';
import { readProjectLanguageConfig } from '../lookups/language-config-store';
import { findProjectDetail, listProjectLanguages, projectAttributes, projectCards } from './projects-store';

type ProjectsHandlers = Pick<ServiceHandlers<operations>, 'listProjectCards' | 'listProjectAttributes' | 'getProject'>;

const ids = (list: number[] | undefined): number[] => [...new Set(list ?? [])];

export const projectsHandlers: ProjectsHandlers = {
  async listProjectCards({ query, headers }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const languageId = headers.langId ?? 1;
    const parts = [languageId, query.statusId ?? null, query.stageId ?? null, query.defaultStatus ?? false];
    return ctx.inTenant((trx) =>
      cachedTenantFigures(ctx, trx, 'listProjectCards', [...parts, utcDay(ctx.now())], () => readProjectCards(trx)),
    );

    async function readProjectCards(trx: Db) {
      let statusIds = ids(query.statusId);
      if (query.defaultStatus && statusIds.length === 0) {
        // docs/product/project-list.md#filters: the default filter, joined here instead of in the console.
        const statuses = await projectAttributes(trx, tenantId, languageId, { type: 'STATUS', activeOnly: true });
        statusIds = defaultStatusIds(
          statuses.map((s) => ({ id: s.attributeId, label: s.description, sequence: s.sequence })),
        );
      }
      return {
        projects: await projectCards(trx, tenantId, { statusIds, stageIds: ids(query.stageId) }, ctx.now()),
        stages: await projectAttributes(trx, tenantId, languageId, { type: 'STAGE' }),
      };
    }
  },

  async listProjectAttributes({ query }, ctx) {
    requireOperatingTenant(query.tenant_id, ctx.operatingTenant.id);
    const attributes = await ctx.inTenant((trx) =>
      projectAttributes(trx, ctx.operatingTenant.id, query.language_id ?? 1, { activeOnly: query.active ?? false }),
    );
    return { attributes };
  },

  async getProject({ params }, ctx) {
    return ctx.inTenant(async (trx) => {
      const project = await findProjectDetail(trx, params.id);
      if (!project) throw notFound('Project not found.');
      const languages = await listProjectLanguages(trx, project.id);
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
            : [
                {
                  language: c.languageId,
                  projectCode: c.projectCode,
                  dialInNumber: c.dialInNumber,
                  ivrOption: c.ivrOption,
                  callDelayBy: c.callDelayBy,
                },
              ],
        ),
      };
    });
  },
};
