import type { operations } from '../../../../contracts/user-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { listCallCenterLanguages, listCallCenterRows } from './call-centers-store';

type CallCenterHandlers = Pick<ServiceHandlers<operations>, 'listCallCenters'>;

export const callCenterHandlers: CallCenterHandlers = {
  async listCallCenters(_input, ctx) {
    const { centers, languages } = await ctx.inTenant(async (trx) => ({
      centers: await listCallCenterRows(trx),
      languages: await listCallCenterLanguages(trx),
    }));
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
  },
};
