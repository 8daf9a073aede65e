import { sql } from 'kysely';
import type { Db, TenantAttributeType } from '../../../platform/db/schema';

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
        .doUpdateSet({ description: sql`excluded.description`, sequence: sql`excluded.sequence`, active: sql`excluded.active` })
        .where(
          sql<boolean>`(tenant_attributes.description, tenant_attributes.sequence, tenant_attributes.active)
            IS DISTINCT FROM (excluded.description, excluded.sequence, excluded.active)`,
        ),
    )
    .execute();
}
