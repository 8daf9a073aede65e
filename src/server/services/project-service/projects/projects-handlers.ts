import { checkCallbackUrls } from './callback-urls';
import type { operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { cachedTenantFigures } from '../../../platform/cache/tenant-figures-cache';
import { utcDay } from '../../../platform/clock';
import type { Db } from '../../../platform/db/schema';
import { defaultStatusIds } from '../../../../shared/default-status';
import { fieldAccess, projectDetail, saveProjectForm } from './project-form';
import { projectAttributes, projectCards } from './projects-store';

type ProjectsHandlers = Pick<
  ServiceHandlers<operations>,
  'listProjectCards' | 'listProjectAttributes' | 'getProject' | 'createProject' | 'updateProject'
>;

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
    const attributes = await ctx.inTenant((trx) =>
      projectAttributes(trx, ctx.operatingTenant.id, query.language_id ?? 1, { activeOnly: query.active ?? false }),
    );
    return { attributes };
  },

  /** docs/product/project-form.md#calls GET project/{id}: the project, without what the caller may not read. */
  async getProject({ params }, ctx) {
    const principal = ctx.principal();
    const access = fieldAccess(principal.permissions, principal.homeTenantIsSystem);
    return ctx.inTenant((trx) => projectDetail(trx, params.id, access));
  },

  /** docs/product/project-form.md#save POST project/: create, or clone with clone + projectId. */
  async createProject({ body }, ctx) {
    await checkCallbackUrls(ctx.deps.egress, body.clientAPIUrl1);
    const principal = ctx.principal();
    const access = fieldAccess(principal.permissions, principal.homeTenantIsSystem);
    return ctx.inTenant(async (trx) => {
      const projectId = await saveProjectForm(trx, body, {
        tenantId: ctx.operatingTenant.id,
        projectId: null,
        access,
        now: ctx.now(),
      });
      return projectDetail(trx, projectId, access);
    });
  },

  /** docs/product/project-form.md#save PUT project/{id}. */
  async updateProject({ params, body }, ctx) {
    await checkCallbackUrls(ctx.deps.egress, body.clientAPIUrl1);
    const principal = ctx.principal();
    const access = fieldAccess(principal.permissions, principal.homeTenantIsSystem);
    return ctx.inTenant(async (trx) => {
      await saveProjectForm(trx, body, {
        tenantId: ctx.operatingTenant.id,
        projectId: params.id,
        access,
        now: ctx.now(),
      });
      return projectDetail(trx, params.id, access);
    });
  },
};
