import { sql } from 'kysely';
import type { Db, TenantAttributeType } from '../../../platform/db/schema';
import { containsPattern } from '../../../platform/db/contains-pattern';

export interface TenantAttributeValue {
  type: TenantAttributeType;
  attributeId: number;
  languageId: number;
  description: string;
  sequence: number;
  active?: boolean;
}

/** Creates or updates one translation of an account reference attribute (global reference data; system scope). */
export async function saveTenantAttribute(trx: Db, value: TenantAttributeValue): Promise<void> {
  await trx
    .insertInto('tenant_attributes')
    .values({
      attribute_type: value.type,
      attribute_id: value.attributeId,
      language_id: value.languageId,
      description: value.description,
      sequence: value.sequence,
      active: value.active ?? true,
    })
    .onConflict((oc) =>
      oc
        .columns(['attribute_type', 'attribute_id', 'language_id'])
        .doUpdateSet({
          description: sql`excluded.description`,
          sequence: sql`excluded.sequence`,
          active: sql`excluded.active`,
        })
        .where(
          sql<boolean>`(tenant_attributes.description, tenant_attributes.sequence, tenant_attributes.active)
            IS DISTINCT FROM (excluded.description, excluded.sequence, excluded.active)`,
        ),
    )
    .execute();
}

/** Tenants with their projects by name; all of them (across tenants) or one. */
export async function tenantsWithProjects(trx: Db, onlyTenantId: number | null) {
  let tenants = trx
    .selectFrom('tenants')
    .select(['id', 'name'])
    .orderBy(sql`lower(name)`)
    .orderBy('id');
  let projects = trx
    .selectFrom('projects')
    .select(['id', 'tenant_id', 'name'])
    .orderBy(sql`lower(name)`)
    .orderBy('id');
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

/** The active tenants the user is a member of, by name (system scope). */
export function listMemberTenants(trx: Db, userId: number) {
  return trx
    .selectFrom('user_tenants as ut')
    .innerJoin('tenants as t', 't.id', 'ut.tenant_id')
    .select(['t.id', 't.name'])
    .where('ut.user_id', '=', userId)
    .where('t.is_active', '=', true)
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
}

/** Every active tenant (a provider admin's chooser), by name. */
export function listActiveTenants(trx: Db) {
  return trx
    .selectFrom('tenants as t')
    .select(['t.id', 't.name'])
    .where('t.is_active', '=', true)
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
}

export function listLanguages(trx: Db) {
  return trx.selectFrom('languages').selectAll().orderBy('id').execute();
}

export interface TenantPageQuery {
  onlyTenantId: number | null;
  search: string | undefined;
  /** Sort by name in this direction; else by creation time. */
  byName: 'asc' | 'desc' | undefined;
  byDate: 'asc' | 'desc';
  pageSize: number;
  pageNumber: number;
}

/** One page of tenants and the number of tenants that match. */
export async function pageTenants(trx: Db, query: TenantPageQuery) {
  let filtered = trx.selectFrom('tenants');
  if (query.onlyTenantId !== null) filtered = filtered.where('id', '=', query.onlyTenantId);
  if (query.search) filtered = filtered.where(sql<boolean>`name ILIKE ${containsPattern(query.search)}`);
  const { total } = await filtered.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  let page = filtered.select(['id', 'name', 'is_active', 'is_system', 'created_at']);
  if (query.byName) {
    page = page.orderBy(sql`lower(name)`, query.byName).orderBy('id', query.byName);
  } else {
    page = page.orderBy('created_at', query.byDate).orderBy('id', query.byDate);
  }
  const rows = await page
    .limit(query.pageSize)
    .offset(query.pageNumber * query.pageSize)
    .execute();
  return { rows, total };
}

/** Active tenant attributes in a language and in English, by type and sequence. */
export function listTenantAttributes(trx: Db, languageIds: number[]) {
  return trx
    .selectFrom('tenant_attributes')
    .select(['attribute_type', 'attribute_id', 'language_id', 'description', 'sequence'])
    .where('language_id', 'in', languageIds)
    .where('active', '=', true)
    .orderBy('attribute_type')
    .orderBy('sequence')
    .orderBy('attribute_id')
    .execute();
}

/** Whether `id` names an active value of the attribute type (account type, segment, currency, restriction, privilege). */
export async function isActiveAttribute(trx: Db, type: TenantAttributeType, id: number): Promise<boolean> {
  const found = await trx
    .selectFrom('tenant_attributes')
    .select('id')
    .where('attribute_type', '=', type)
    .where('attribute_id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
  return found !== undefined;
}
