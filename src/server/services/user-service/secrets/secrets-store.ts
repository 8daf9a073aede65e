import { sql, type Selectable } from 'kysely';
import type { Db, TenantSecrets } from '../../../platform/db/schema';
import type { EncryptedSecretValue } from '../../../platform/secrets/tenant-secret-cipher';

export type TenantSecretRow = Selectable<TenantSecrets>;

/** A secret with what the masked list shows of its values. */
export interface TenantSecretListRow extends TenantSecretRow {
  version: number;
  last_four: string;
  previous_valid_until: Date | null;
}

export interface StoredSecretValue {
  version: number;
  ciphertext: EncryptedSecretValue;
  validUntil: Date | null;
}

/** Every secret of the tenant with its current value's version and last four characters. Tenant scope. */
export async function listTenantSecretRows(trx: Db, now: Date): Promise<TenantSecretListRow[]> {
  return trx
    .selectFrom('tenant_secrets as s')
    .innerJoin('tenant_secret_values as v', (join) =>
      join.onRef('v.secret_id', '=', 's.id').on('v.valid_until', 'is', null),
    )
    .selectAll('s')
    .select(['v.version', 'v.last_four'])
    .select((eb) =>
      eb
        .selectFrom('tenant_secret_values as p')
        .select((pb) => pb.fn.max('p.valid_until').as('until'))
        .whereRef('p.secret_id', '=', 's.id')
        .where('p.valid_until', '>', now)
        .as('previous_valid_until'),
    )
    .orderBy(sql`lower(s.name)`)
    .orderBy('s.id')
    .execute() as Promise<TenantSecretListRow[]>;
}

export async function findTenantSecret(trx: Db, id: number, forUpdate = false): Promise<TenantSecretRow | undefined> {
  const query = trx.selectFrom('tenant_secrets').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function tenantSecretNameTaken(trx: Db, name: string): Promise<boolean> {
  const row = await trx
    .selectFrom('tenant_secrets')
    .select('id')
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTenantSecret(
  trx: Db,
  secret: {
    tenantId: number;
    name: string;
    kind: TenantSecretRow['kind'];
    description: string | null;
    gracePeriodSeconds: number;
    createdBy: number | null;
    now: Date;
  },
): Promise<TenantSecretRow> {
  return trx
    .insertInto('tenant_secrets')
    .values({
      tenant_id: secret.tenantId,
      name: secret.name,
      kind: secret.kind,
      description: secret.description,
      grace_period_seconds: secret.gracePeriodSeconds,
      created_by: secret.createdBy,
      created_at: secret.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertSecretValue(
  trx: Db,
  value: {
    tenantId: number;
    secretId: number;
    version: number;
    ciphertext: EncryptedSecretValue;
    lastFour: string;
    now: Date;
  },
): Promise<void> {
  await trx
    .insertInto('tenant_secret_values')
    .values({
      tenant_id: value.tenantId,
      secret_id: value.secretId,
      version: value.version,
      ciphertext: JSON.stringify(value.ciphertext),
      last_four: value.lastFour,
      created_at: value.now,
    })
    .execute();
}

/**
 * Ends the current value at `validUntil` (the end of the grace period), drops values already expired, and
 * returns the version the next value takes.
 */
export async function retireCurrentValue(trx: Db, secretId: number, validUntil: Date, now: Date): Promise<number> {
  await trx
    .deleteFrom('tenant_secret_values')
    .where('secret_id', '=', secretId)
    .where('valid_until', '<=', now)
    .execute();
  await trx
    .updateTable('tenant_secret_values')
    .set({ valid_until: validUntil })
    .where('secret_id', '=', secretId)
    .where('valid_until', 'is', null)
    .execute();
  const { latest } = await trx
    .selectFrom('tenant_secret_values')
    .select((eb) => eb.fn.max('version').as('latest'))
    .where('secret_id', '=', secretId)
    .executeTakeFirstOrThrow();
  return (latest ?? 0) + 1;
}

export async function markRotated(trx: Db, secretId: number, now: Date): Promise<TenantSecretRow> {
  return trx
    .updateTable('tenant_secrets')
    .set({ rotated_at: now })
    .where('id', '=', secretId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The values that verify at `now`: the current one and those still in their grace period, newest first. */
export async function validSecretValues(trx: Db, secretId: number, now: Date): Promise<StoredSecretValue[]> {
  const rows = await trx
    .selectFrom('tenant_secret_values')
    .select(['version', 'ciphertext', 'valid_until'])
    .where('secret_id', '=', secretId)
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({
    version: r.version,
    ciphertext: r.ciphertext as unknown as EncryptedSecretValue,
    validUntil: r.valid_until,
  }));
}

/**
 * The current value of the tenant's newest secret of a kind, with what its encryption is bound to, in one statement
 * (a webhook delivery signs with it: ADR 0057). Null when the tenant has no such secret or it has no valid value.
 */
export async function newestSecretCurrentValue(
  trx: Db,
  kind: TenantSecrets['kind'],
  now: Date,
): Promise<{ tenantId: number; secretId: number; version: number; ciphertext: EncryptedSecretValue } | null> {
  const newest = trx
    .selectFrom('tenant_secrets')
    .select('id')
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  const row = await trx
    .selectFrom('tenant_secrets as s')
    .innerJoin('tenant_secret_values as v', 'v.secret_id', 's.id')
    .select(['s.tenant_id', 's.id', 'v.version', 'v.ciphertext'])
    .where('s.id', '=', newest)
    .where((eb) => eb.or([eb('v.valid_until', 'is', null), eb('v.valid_until', '>', now)]))
    .orderBy('v.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        tenantId: row.tenant_id,
        secretId: row.id,
        version: row.version,
        ciphertext: row.ciphertext as unknown as EncryptedSecretValue,
      }
    : null;
}

export async function deleteTenantSecretRow(trx: Db, id: number): Promise<TenantSecretRow | undefined> {
  return trx.deleteFrom('tenant_secrets').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Every stored value (system scope): the start-time re-encryption after a key rotation. */
export async function allSecretValues(trx: Db) {
  return trx
    .selectFrom('tenant_secret_values')
    .select(['id', 'tenant_id', 'secret_id', 'version', 'ciphertext'])
    .execute();
}

export async function replaceCiphertext(
  trx: Db,
  id: number,
  previous: unknown,
  ciphertext: EncryptedSecretValue,
): Promise<void> {
  await trx
    .updateTable('tenant_secret_values')
    .set({ ciphertext: JSON.stringify(ciphertext) })
    .where('id', '=', id)
    .where(sql<boolean>`ciphertext = ${JSON.stringify(previous)}::jsonb`)
    .execute();
}
