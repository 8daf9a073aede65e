import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';

/** A tenant of its own for a test's rows (no users, no projects), inserted in `trx` (the system's); its id. */
export async function insertTenant(trx: Db, name: string): Promise<number> {
  const tenant = await sql<{ id: number }>`
    INSERT INTO tenants (name, created_at) VALUES (${name}, now()) RETURNING id`.execute(trx);
  return Number(tenant.rows[0]!.id);
}
