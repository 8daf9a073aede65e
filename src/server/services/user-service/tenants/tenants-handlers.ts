import { sql } from 'kysely';
import type { operations } from '../../../../contracts/user-service';
import type { Db, TenantAttributeType } from '../../../platform/db/schema';
import { forbidden } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { listHomeUsers } from '../admin/admin-handlers';

type TenantHandlers = Pick<
  ServiceHandlers<operations>,
  | 'listUserTenants'
  | 'listLanguages'
  | 'listTenants'
  | 'getTenantAttributes'
  | 'listEmbedDashboardUrls'
  | 'listTenantProjects'
  | 'listTenantUsers'
>;

const ENGLISH = 1;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function tenantsWithProjects(trx: Db, onlyTenantId: number | null) {
  let tenants = trx.selectFrom('tenants').select(['id', 'name']).orderBy(sql`lower(name)`).orderBy('id');
  let projects = trx.selectFrom('projects').select(['id', 'tenant_id', 'name']).orderBy(sql`lower(name)`).orderBy('id');
  if (onlyTenantId !== null) {
    tenants = tenants.where('id', '=', onlyTenantId);
    projects = projects.where('tenant_id', '=', onlyTenantId);
  }
  const tenantRows = await tenants.execute();
  const projectRows = await projects.execute();
  return tenantRows.map((t) => ({
    tenantId: t.id,
    tenantName: t.name,
    projects: projectRows.filter((p) => p.tenant_id === t.id).map((p) => ({ projectId: p.id, name: p.name })),
  }));
}

export const tenantHandlers: TenantHandlers = {
  async listUserTenants(_input, ctx) {
    const principal = ctx.principal();
    const rows = await ctx.system((trx) =>
      trx
        .selectFrom('user_tenants as ut')
        .innerJoin('tenants as t', 't.id', 'ut.tenant_id')
        .select(['t.id', 't.name'])
        .where('ut.user_id', '=', principal.userId)
        .where('t.is_active', '=', true)
        .orderBy(sql`lower(t.name)`)
        .orderBy('t.id')
        .execute(),
    );
    // Interviews arrive with the execution-service issue; until then every tenant has none.
    return rows.map((t) => ({
      tenantId: t.id,
      tenantName: t.name,
      isPrimaryTenant: t.id === principal.homeTenantId,
      totalNumberOfInterviews: 0,
    }));
  },

  async listLanguages(_input, ctx) {
    const rows = await ctx.system((trx) => trx.selectFrom('languages').selectAll().orderBy('id').execute());
    return rows.map((l) => ({ id: l.id, shortCode: l.short_code, label: l.label }));
  },

  async listTenants({ query }, ctx) {
    const pageSize = Math.min(query.pageSize ?? 25, 1000);
    const pageNumber = query.pageNumber ?? 0;
    const scopeToOwn = !ctx.operatingTenant.isSystem;
    return ctx.inTenant(async (trx) => {
      let filtered = trx.selectFrom('tenants');
      if (scopeToOwn) filtered = filtered.where('id', '=', ctx.operatingTenant.id);
      const search = query.search?.trim();
      if (search) filtered = filtered.where(sql<boolean>`name ILIKE ${`%${escapeLike(search)}%`}`);
      const { total } = await filtered.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      let page = filtered.select(['id', 'name', 'is_active', 'is_system', 'created_at']);
      if (query.tenantName) {
        page = page.orderBy(sql`lower(name)`, query.tenantName).orderBy('id', query.tenantName);
      } else {
        const direction = query.date ?? 'desc';
        page = page.orderBy('created_at', direction).orderBy('id', direction);
      }
      const rows = await page.limit(pageSize).offset(pageNumber * pageSize).execute();
      return {
        tenantList: rows.map((t) => ({
          tenantId: t.id,
          tenantName: t.name,
          isActive: t.is_active,
          isSystemTenant: t.is_system,
          createTs: t.created_at.toISOString(),
        })),
        totalTenants: total,
      };
    });
  },

  async getTenantAttributes({ query }, ctx) {
    const languageId = query.language_id ?? ENGLISH;
    const rows = await ctx.inTenant((trx) =>
      trx
        .selectFrom('tenant_attributes')
        .select(['attribute_type', 'attribute_id', 'language_id', 'description', 'sequence'])
        .where('language_id', 'in', [languageId, ENGLISH])
        .where('active', '=', true)
        .orderBy('attribute_type')
        .orderBy('sequence')
        .orderBy('attribute_id')
        .execute(),
    );
    // A type without a translation in the requested language (Tagalog today) falls back to English.
    const translated = new Set(rows.filter((r) => r.language_id === languageId).map((r) => r.attribute_type));
    const groups: Partial<Record<TenantAttributeType, { attributeId: number; description: string; sequence: number }[]>> = {};
    for (const r of rows) {
      const wanted = translated.has(r.attribute_type) ? languageId : ENGLISH;
      if (r.language_id !== wanted) continue;
      (groups[r.attribute_type] ??= []).push({ attributeId: r.attribute_id, description: r.description, sequence: r.sequence });
    }
    return { tenantAttributes: groups };
  },

  async listEmbedDashboardUrls(_input, ctx) {
    return ctx.deps.config.embedDashboards.map(({ title, url }) => ({ title, url }));
  },

  async listTenantProjects(_input, ctx) {
    return ctx.operatingTenant.isSystem
      ? ctx.acrossTenants((trx) => tenantsWithProjects(trx, null))
      : ctx.inTenant((trx) => tenantsWithProjects(trx, ctx.operatingTenant.id));
  },

  async listTenantUsers({ params }, ctx) {
    if (params.id !== ctx.operatingTenant.id) {
      throw forbidden('You can only list the users of the tenant you operate in.', { code: 'TENANT_FORBIDDEN' });
    }
    return ctx.inTenant((trx) => listHomeUsers(trx, params.id));
  },
};
