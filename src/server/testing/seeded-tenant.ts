import type { Db } from '../platform/db/schema';
import { withSystem } from '../platform/tenancy/with-tenant';

/** The id of a tenant the demo seed creates (Acme Insurance unless named), read as the system. */
export const seededTenantId = (db: Db, name = 'Acme Insurance'): Promise<number> =>
  withSystem(db, async (trx) => {
    const row = await trx.selectFrom('tenants').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return row.id;
  });
