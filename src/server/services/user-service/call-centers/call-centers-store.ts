import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

export interface CallCenterFields {
  name: string;
  callCenterPhone?: string | null;
  contactPhone?: string | null;
  contactPersonFirstName?: string | null;
  contactPersonLastName?: string | null;
  contactEmail?: string | null;
  notificationEmail?: string | null;
  isActive?: boolean;
  queue1?: string | null;
  queue2?: string | null;
  queue3?: string | null;
  note?: string | null;
  address?: {
    street1?: string | null;
    street2?: string | null;
    city?: string | null;
    zip?: string | null;
    country?: string | null;
    countryId?: number | null;
    stateId?: number | null;
  };
  languageIds: number[];
}

export interface NewCallCenter extends CallCenterFields {
  tenantId: number;
  now: Date;
}

function columnsOf(center: CallCenterFields) {
  const a = center.address ?? {};
  return {
    name: center.name.trim(),
    call_center_phone: center.callCenterPhone ?? null,
    contact_phone: center.contactPhone ?? null,
    contact_person_first_name: center.contactPersonFirstName ?? null,
    contact_person_last_name: center.contactPersonLastName ?? null,
    contact_email: center.contactEmail ?? null,
    notification_email: center.notificationEmail ?? null,
    is_active: center.isActive ?? true,
    queue1: center.queue1 ?? null,
    queue2: center.queue2 ?? null,
    queue3: center.queue3 ?? null,
    note: center.note ?? null,
    street1: a.street1 ?? null,
    street2: a.street2 ?? null,
    city: a.city ?? null,
    zip: a.zip ?? null,
    country: a.country ?? null,
    country_id: a.countryId ?? null,
    state_id: a.stateId ?? null,
  };
}

async function insertLanguages(trx: Db, tenantId: number, callCenterId: number, ids: number[]): Promise<void> {
  const languageIds = [...new Set(ids)];
  if (!languageIds.length) return;
  await trx
    .insertInto('call_center_languages')
    .values(
      languageIds.map((languageId) => ({ tenant_id: tenantId, call_center_id: callCenterId, language_id: languageId })),
    )
    .execute();
}

/** Creates a call center with its languages. Runs in the tenant's scope. */
export async function createCallCenter(trx: Db, center: NewCallCenter): Promise<number> {
  const { id } = await trx
    .insertInto('call_centers')
    .values({ tenant_id: center.tenantId, ...columnsOf(center), created_at: center.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLanguages(trx, center.tenantId, id, center.languageIds);
  return id;
}

/** Overwrites a call center's fields and replaces its languages. Tenant scope. */
export async function updateCallCenterRow(
  trx: Db,
  tenantId: number,
  id: number,
  center: CallCenterFields,
): Promise<void> {
  await trx.updateTable('call_centers').set(columnsOf(center)).where('id', '=', id).execute();
  await trx.deleteFrom('call_center_languages').where('call_center_id', '=', id).execute();
  await insertLanguages(trx, tenantId, id, center.languageIds);
}

/** The operating tenant's call centers by name (or the one with `id`). */
export function listCallCenterRows(trx: Db, id?: number) {
  let query = trx.selectFrom('call_centers').selectAll();
  if (id !== undefined) query = query.where('id', '=', id);
  return query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** The languages of the operating tenant's call centers. */
export function listCallCenterLanguages(trx: Db) {
  return trx
    .selectFrom('call_center_languages as ccl')
    .innerJoin('languages as l', 'l.id', 'ccl.language_id')
    .select(['ccl.call_center_id', 'l.id', 'l.short_code', 'l.label'])
    .orderBy('l.id')
    .execute();
}

/** Whether another call center of the operating tenant has this name (case and outer spaces ignored). */
export async function callCenterNameTaken(trx: Db, name: string, exceptId: number | null): Promise<boolean> {
  let query = trx
    .selectFrom('call_centers')
    .select('id')
    .where(sql<boolean>`lower(btrim(name)) = lower(btrim(${name}))`);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The ids among `ids` that name no language. */
export async function unknownLanguageIds(trx: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const known = await trx.selectFrom('languages').select('id').where('id', 'in', ids).execute();
  return ids.filter((id) => !known.some((k) => k.id === id));
}
