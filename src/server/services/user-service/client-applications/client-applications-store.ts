import type { Selectable } from 'kysely';
import type { ClientApplications, Db } from '../../../platform/db/schema';

export type ClientApplicationRow = Omit<Selectable<ClientApplications>, 'secret_hash'>;

const COLUMNS = [
  'id',
  'tenant_id',
  'client_id',
  'client_name',
  'description',
  'credential_version',
  'scopes',
  'created_by',
  'created_at',
  'updated_at',
] as const;

export interface NewClientApplication {
  tenantId: number;
  clientId: string;
  clientName: string;
  description: string | null;
  secretHash: string;
  scopes: string[];
  createdBy: number | null;
  now: Date;
}

/** Tenant scope. The row never carries the secret hash out of the store. */
export async function insertClientApplication(trx: Db, app: NewClientApplication): Promise<ClientApplicationRow> {
  return trx
    .insertInto('client_applications')
    .values({
      tenant_id: app.tenantId,
      client_id: app.clientId,
      client_name: app.clientName,
      description: app.description,
      secret_hash: app.secretHash,
      scopes: app.scopes,
      created_by: app.createdBy,
      created_at: app.now,
      updated_at: app.now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function listClientApplicationRows(trx: Db): Promise<ClientApplicationRow[]> {
  return trx.selectFrom('client_applications').select(COLUMNS).orderBy('client_name').orderBy('id').execute();
}

export async function findClientApplication(trx: Db, id: number): Promise<ClientApplicationRow | undefined> {
  return trx.selectFrom('client_applications').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function updateClientApplicationRow(
  trx: Db,
  id: number,
  change: { clientName: string; description: string | null; now: Date },
): Promise<ClientApplicationRow | undefined> {
  return trx
    .updateTable('client_applications')
    .set({ client_name: change.clientName, description: change.description, updated_at: change.now })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** A new secret and the next credential version, which ends every token issued before. */
export async function replaceClientSecret(
  trx: Db,
  id: number,
  secretHash: string,
  now: Date,
): Promise<ClientApplicationRow | undefined> {
  return trx
    .updateTable('client_applications')
    .set((eb) => ({
      secret_hash: secretHash,
      credential_version: eb('credential_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteClientApplicationRow(trx: Db, id: number): Promise<ClientApplicationRow | undefined> {
  return trx.deleteFrom('client_applications').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
}
