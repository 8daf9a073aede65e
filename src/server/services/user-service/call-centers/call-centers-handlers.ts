import type { components, operations } from '../../../../contracts/user-service';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import type { Db } from '../../../platform/db/schema';
import { notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { callCenterFieldsFrom, callCenterNameTakenError } from './call-center-form';
import {
  callCenterNameTaken,
  createCallCenter,
  listCallCenterLanguages,
  listCallCenterRows,
  unknownLanguageIds,
  updateCallCenterRow,
} from './call-centers-store';

type CallCenterHandlers = Pick<
  ServiceHandlers<operations>,
  'listCallCenters' | 'listCallCenterCollection' | 'createCallCenter' | 'getCallCenter' | 'updateCallCenter'
>;
type CallCenter = components['schemas']['CallCenter'];
type CallCenterForm = components['schemas']['CallCenterForm'];

/** The call centers of the operating tenant (or the one with `id`) as the contract shows them. */
async function loadCallCenters(trx: Db, id?: number): Promise<CallCenter[]> {
  const centers = await listCallCenterRows(trx, id);
  const languages = await listCallCenterLanguages(trx);
  return centers.map((c) => ({
    id: c.id,
    name: c.name,
    callCenterPhone: c.call_center_phone,
    contactPhone: c.contact_phone,
    contactPersonFirstName: c.contact_person_first_name,
    contactPersonLastName: c.contact_person_last_name,
    contactEmail: c.contact_email,
    notificationEmail: c.notification_email,
    callCenterStatus: c.is_active ? ('Active' as const) : ('Inactive' as const),
    queue1: c.queue1,
    queue2: c.queue2,
    queue3: c.queue3,
    note: c.note,
    languages: languages
      .filter((l) => l.call_center_id === c.id)
      .map((l) => ({ id: l.id, shortCode: l.short_code, label: l.label })),
    address: {
      type: 'Call Center' as const,
      street1: c.street1,
      street2: c.street2,
      city: c.city,
      zip: c.zip,
      country: c.country,
      countryId: c.country_id,
      stateId: c.state_id,
    },
  }));
}

async function existingCallCenter(trx: Db, id: number): Promise<CallCenter> {
  const [center] = await loadCallCenters(trx, id);
  if (!center) throw notFound('No such call center in this account.');
  return center;
}

/** Checks the form and the name, then saves inside `save`; a race on the unique name gives the same 409. */
async function saveChecked(
  trx: Db,
  form: CallCenterForm,
  exceptId: number | null,
  save: (fields: ReturnType<typeof callCenterFieldsFrom>) => Promise<number>,
) {
  const fields = callCenterFieldsFrom(form, await unknownLanguageIds(trx, [...new Set(form.languageIds ?? [])]));
  if (await callCenterNameTaken(trx, fields.name, exceptId)) throw callCenterNameTakenError(fields.name);
  try {
    return await save(fields);
  } catch (error) {
    if (isUniqueViolation(error)) throw callCenterNameTakenError(fields.name);
    throw error;
  }
}

/** Call Centers tab (docs/product/admin-call-centers.md). */
export const callCenterHandlers: CallCenterHandlers = {
  async listCallCenters(_input, ctx) {
    return ctx.inTenant((trx) => loadCallCenters(trx));
  },

  // docs/product/admin-call-centers.md#list names the collection path too (GET callcenter/): the same list.
  async listCallCenterCollection(_input, ctx) {
    return ctx.inTenant((trx) => loadCallCenters(trx));
  },

  async createCallCenter({ body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    return ctx.inTenant(async (trx) => {
      const id = await saveChecked(trx, body, null, (fields) =>
        createCallCenter(trx, { ...fields, tenantId, now: ctx.now() }),
      );
      return existingCallCenter(trx, id);
    });
  },

  async getCallCenter({ params }, ctx) {
    return ctx.inTenant((trx) => existingCallCenter(trx, params.id));
  },

  async updateCallCenter({ params, body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    return ctx.inTenant(async (trx) => {
      await existingCallCenter(trx, params.id);
      await saveChecked(trx, body, params.id, async (fields) => {
        await updateCallCenterRow(trx, tenantId, params.id, fields);
        return params.id;
      });
      return existingCallCenter(trx, params.id);
    });
  },
};
