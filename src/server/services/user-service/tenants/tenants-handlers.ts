import type { operations } from '../../../../contracts/user-service';
import type { TenantAttributeType } from '../../../platform/db/schema';
import type { ServiceHandlers, SessionContext } from '../../../platform/openapi/handler';
import { listHomeUsers } from '../users/home-users';
import { isProviderAdmin } from '../../../platform/auth/principal';
import {
  listActiveTenants,
  listLanguages,
  listMemberTenants,
  listTenantAttributes,
  pageTenants,
  tenantsWithProjects,
} from './tenants-store';

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

/** The tenants the signed-in user may operate in (listUserTenants, and the session bootstrap). */
export async function userTenants(ctx: SessionContext) {
  const principal = ctx.principal();
  // A provider admin operates in every active account, new ones included (ADR 0020).
  const rows = await ctx.system((trx) =>
    isProviderAdmin(principal) ? listActiveTenants(trx) : listMemberTenants(trx, principal.userId),
  );
  // Interviews arrive with the execution-service issue; until then every tenant has none.
  return rows.map((t) => ({
    tenantId: t.id,
    tenantName: t.name,
    isPrimaryTenant: t.id === principal.homeTenantId,
    totalNumberOfInterviews: 0,
  }));
}

/** The interface languages (listLanguages, and the session bootstrap). */
export async function interfaceLanguages(ctx: Pick<SessionContext, 'system'>) {
  const rows = await ctx.system((trx) => listLanguages(trx));
  return rows.map((l) => ({ id: l.id, shortCode: l.short_code, label: l.label }));
}

export const tenantHandlers: TenantHandlers = {
  async listUserTenants(_input, ctx) {
    return userTenants(ctx);
  },

  async listLanguages(_input, ctx) {
    return interfaceLanguages(ctx);
  },

  async listTenants({ query }, ctx) {
    const pageSize = Math.min(query.pageSize ?? 25, 1000);
    const pageNumber = query.pageNumber ?? 0;
    // Every account for the provider, else the operating tenant alone (x-account-scope).
    return ctx.inAccount(async (trx) => {
      const { rows, total } = await pageTenants(trx, {
        onlyTenantId: ctx.everyAccount ? null : ctx.account.id,
        search: query.search?.trim(),
        byName: query.tenantName,
        byDate: query.date ?? 'desc',
        pageSize,
        pageNumber,
      });
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
    const rows = await ctx.inTenant((trx) => listTenantAttributes(trx, [languageId, ENGLISH]));
    // A type without a translation in the requested language (Tagalog today) falls back to English.
    const translated = new Set(rows.filter((r) => r.language_id === languageId).map((r) => r.attribute_type));
    const groups: Partial<
      Record<TenantAttributeType, { attributeId: number; description: string; sequence: number }[]>
    > = {};
    for (const r of rows) {
      const wanted = translated.has(r.attribute_type) ? languageId : ENGLISH;
      if (r.language_id !== wanted) continue;
      (groups[r.attribute_type] ??= []).push({
        attributeId: r.attribute_id,
        description: r.description,
        sequence: r.sequence,
      });
    }
    return { tenantAttributes: groups };
  },

  async listEmbedDashboardUrls(_input, ctx) {
    return ctx.deps.config.embedDashboards.map(({ title, url }) => ({ title, url }));
  },

  async listTenantProjects(_input, ctx) {
    return ctx.inAccount((trx) => tenantsWithProjects(trx, ctx.everyAccount ? null : ctx.account.id));
  },

  async listTenantUsers(_input, ctx) {
    return ctx.inTenant((trx) => listHomeUsers(trx, ctx.operatingTenant.id));
  },
};
