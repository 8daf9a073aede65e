import type { Db } from '../../../platform/db/schema';

/** The client a token request names, on the whole platform (the token endpoint knows no tenant). System scope. */
export async function findClientByClientId(trx: Db, clientId: string) {
  return trx
    .selectFrom('client_applications as ca')
    .innerJoin('tenants as t', 't.id', 'ca.tenant_id')
    .select([
      'ca.id',
      'ca.tenant_id',
      'ca.client_id',
      'ca.secret_hash',
      'ca.credential_version',
      'ca.scopes',
      't.is_active as tenant_active',
    ])
    .where('ca.client_id', '=', clientId)
    .executeTakeFirst();
}
