import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

/** The users with this e-mail, with each account they belong to and their role there (across tenants). */
export function listUserMemberships(trx: Db, email: string) {
  return trx
    .selectFrom('users as u')
    .leftJoin('user_tenants as ut', 'ut.user_id', 'u.id')
    .leftJoin('tenants as t', 't.id', 'ut.tenant_id')
    .leftJoin('roles as r', 'r.id', 'ut.role_id')
    .select(['u.id', 't.name', 'r.name as role_name'])
    .where('u.email', '=', email)
    .orderBy(sql`lower(t.name)`)
    .execute();
}
