import { sql } from 'kysely';
import type { Db, ProjectAttributeType } from '../../../platform/db/schema';
import { HIDDEN_LOOKUP_FIELD_NAMES, LOOKUP_OBJECT } from '../../../../shared/lookup-rules';

/** One stored language of a lookup value, as the contract answers it. */
export interface StoredLookupRow {
  id: number;
  attributeId: number;
  attributeType: ProjectAttributeType;
  description: string;
  languageId: number;
  active: boolean;
  default: boolean;
  sequence: number;
  tenantId: number;
  object: typeof LOOKUP_OBJECT;
}

const columns = [
  'id',
  'attribute_id',
  'attribute_type',
  'description',
  'language_id',
  'active',
  'is_default',
  'sequence',
  'tenant_id',
] as const;

type Row = {
  id: number;
  attribute_id: number;
  attribute_type: ProjectAttributeType;
  description: string;
  language_id: number;
  active: boolean;
  is_default: boolean;
  sequence: number;
  tenant_id: number;
};

const toLookupRow = (r: Row): StoredLookupRow => ({
  id: r.id,
  attributeId: r.attribute_id,
  attributeType: r.attribute_type,
  description: r.description,
  languageId: r.language_id,
  active: r.active,
  default: r.is_default,
  sequence: r.sequence,
  tenantId: r.tenant_id,
  object: LOOKUP_OBJECT,
});

/** The lookup values of the tenant in scope, in the languages asked; STAGE and STATUS left out. Tenant scope. */
export async function listLookupRows(trx: Db, languageIds: readonly number[]): Promise<StoredLookupRow[]> {
  const rows = await trx
    .selectFrom('project_attributes')
    .select(columns)
    .where('attribute_type', 'not in', [...HIDDEN_LOOKUP_FIELD_NAMES])
    .where('language_id', 'in', [...languageIds])
    .orderBy('attribute_type')
    .orderBy('attribute_id')
    .orderBy('language_id')
    .execute();
  return rows.map(toLookupRow);
}

/** The rows of one value (both languages). Tenant scope. */
export async function lookupValueRows(
  trx: Db,
  attributeType: ProjectAttributeType,
  attributeId: number,
): Promise<StoredLookupRow[]> {
  const rows = await trx
    .selectFrom('project_attributes')
    .select(columns)
    .where('attribute_type', '=', attributeType)
    .where('attribute_id', '=', attributeId)
    .orderBy('language_id')
    .execute();
  return rows.map(toLookupRow);
}

/** Rows by id (of the tenant in scope: row-level security hides any other tenant's). */
export async function findLookupRows(trx: Db, ids: readonly number[]): Promise<StoredLookupRow[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('project_attributes')
    .select(columns)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toLookupRow);
}

/** The next attributeId and sequence of a field name in the tenant (one value past the highest). */
export async function nextLookupPlace(
  trx: Db,
  tenantId: number,
  attributeType: ProjectAttributeType,
): Promise<{ attributeId: number; sequence: number }> {
  // Two adds racing for one field name would pick the same id: the lock serialises them per tenant and type.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`lookup:${tenantId}:${attributeType}`}))`.execute(trx);
  const row = await trx
    .selectFrom('project_attributes')
    .select([
      sql<number>`coalesce(max(attribute_id), 0) + 1`.as('attributeId'),
      sql<number>`coalesce(max(sequence), 0) + 1`.as('sequence'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('attribute_type', '=', attributeType)
    .executeTakeFirstOrThrow();
  return { attributeId: Number(row.attributeId), sequence: Number(row.sequence) };
}

export interface LookupLanguageValue {
  tenantId: number;
  attributeType: ProjectAttributeType;
  attributeId: number;
  languageId: number;
  description: string;
  sequence: number;
  active: boolean;
  isDefault: boolean;
}

/** Adds one language of a value. Tenant scope (the seed's too). */
export async function insertLookupLanguage(trx: Db, value: LookupLanguageValue): Promise<void> {
  await trx
    .insertInto('project_attributes')
    .values({
      tenant_id: value.tenantId,
      attribute_type: value.attributeType,
      attribute_id: value.attributeId,
      language_id: value.languageId,
      description: value.description,
      sequence: value.sequence,
      active: value.active,
      is_default: value.isDefault,
    })
    .execute();
}

export async function updateLookupLanguage(
  trx: Db,
  id: number,
  change: { description: string; active: boolean; isDefault: boolean },
): Promise<void> {
  await trx
    .updateTable('project_attributes')
    .set({ description: change.description, active: change.active, is_default: change.isDefault })
    .where('id', '=', id)
    .execute();
}

export async function deleteLookupLanguage(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('project_attributes').where('id', '=', id).execute();
}

/** Status and default apply to the value, so to every language row of it. */
export async function setLookupValueState(
  trx: Db,
  attributeType: ProjectAttributeType,
  attributeId: number,
  state: { active: boolean; isDefault: boolean },
): Promise<void> {
  await trx
    .updateTable('project_attributes')
    .set({ active: state.active, is_default: state.isDefault })
    .where('attribute_type', '=', attributeType)
    .where('attribute_id', '=', attributeId)
    .execute();
}

/** A field name has one default value: making one the default clears it on the others. */
export async function clearOtherDefaults(
  trx: Db,
  attributeType: ProjectAttributeType,
  attributeId: number,
): Promise<void> {
  await trx
    .updateTable('project_attributes')
    .set({ is_default: false })
    .where('attribute_type', '=', attributeType)
    .where('attribute_id', '<>', attributeId)
    .where('is_default', '=', true)
    .execute();
}
