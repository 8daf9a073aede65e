import { migrate } from './platform/db/migrate';
import type { Db } from './platform/db/schema';
import { syncPermissionCatalogue } from './platform/permissions/sync-permission-catalogue';
import { withSystem } from './platform/tenancy/with-tenant';

/** Brings a database up to date: migrations, then the permission catalogue. Safe to run on every start. */
export async function prepareDatabase(db: Db): Promise<string[]> {
  const applied = await migrate(db);
  await withSystem(db, syncPermissionCatalogue);
  return applied;
}
