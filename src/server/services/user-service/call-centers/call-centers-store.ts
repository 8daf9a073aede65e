import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

export interface NewCallCenter {
  tenantId: number;
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
  now: Date;
}

/** Creates a call center with its languages. Runs in the tenant's scope. */
export async function createCallCenter(trx: Db, center: NewCallCenter): Promise<number> {
  const a = center.address ?? {};
  const { id } = await trx
    .insertInto('call_centers')
    .values({
      tenant_id: center.tenantId,
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
      created_at: center.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const languageIds = [...new Set(center.languageIds)];
  if (languageIds.length) {
    await trx
      .insertInto('call_center_languages')
      .values(
        languageIds.map((languageId) => ({ tenant_id: center.tenantId, call_center_id: id, language_id: languageId })),
      )
      .execute();
  }
  return id;
}

/** The operating tenant's call centers by name. */
export function listCallCenterRows(trx: Db) {
  return trx
    .selectFrom('call_centers')
    .selectAll()
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
