/** Migration 004 on data written under the spine's schema: every membership ends up with a role of its tenant. */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { MIGRATIONS_DIR, migrate } from '../platform/db/migrate';
import { PGliteDialect } from '../platform/db/pglite-dialect';
import type { DB } from '../platform/db/schema';
import { PGLITE_EXTENSIONS } from '../platform/db/pglite-extensions';

test('roles move from users to memberships: home role, same-named role, or a copy of the home role', async () => {
  const before = mkdtempSync(join(tmpdir(), 'voxscreen-migrations-'));
  for (const file of ['001_platform.sql', '002_identity.sql', '003_reference_data.sql']) {
    copyFileSync(join(MIGRATIONS_DIR, file), join(before, file));
  }
  const db = new Kysely<DB>({
    dialect: new PGliteDialect(await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS })),
  });
  try {
    await migrate(db, before);
    await sql`
      INSERT INTO tenants (name, created_at) VALUES ('Home', now()), ('Shared', now()), ('Other', now());
      INSERT INTO roles (tenant_id, name, created_at) VALUES
        (1, 'Analyst', now()), (1, 'Auditor', now()), (2, 'analyst', now());
      INSERT INTO permissions (id, permission, resource, access_type, permission_group, permission_number)
        VALUES (1, 'tenant.read', 'tenant', 'read', 'administration', 1);
      INSERT INTO role_permissions (tenant_id, role_id, permission_id, active) VALUES (1, 2, 1, true);
      INSERT INTO users (tenant_id, role_id, email, first_name, last_name, created_at) VALUES
        (1, 1, 'a@home.test', 'A', 'A', now()), (1, 2, 'b@home.test', 'B', 'B', now());
      INSERT INTO user_tenants (tenant_id, user_id, created_at) VALUES
        (1, 1, now()), (2, 1, now()), (1, 2, now()), (3, 2, now());
    `.execute(db);
    await migrate(db);
    const memberships = await db
      .selectFrom('user_tenants as ut')
      .innerJoin('roles as r', 'r.id', 'ut.role_id')
      .select(['ut.user_id', 'ut.tenant_id', 'r.tenant_id as role_tenant', 'r.name', 'r.id as role_id'])
      .orderBy('ut.user_id')
      .orderBy('ut.tenant_id')
      .execute();
    expect(memberships.map(({ role_id: _id, ...m }) => m)).toEqual([
      { user_id: 1, tenant_id: 1, role_tenant: 1, name: 'Analyst' },
      { user_id: 1, tenant_id: 2, role_tenant: 2, name: 'analyst' },
      { user_id: 2, tenant_id: 1, role_tenant: 1, name: 'Auditor' },
      { user_id: 2, tenant_id: 3, role_tenant: 3, name: 'Auditor' },
    ]);
    const copied = memberships.at(-1)!.role_id;
    const held = await db
      .selectFrom('role_permissions')
      .select(['permission_id', 'active'])
      .where('role_id', '=', copied)
      .execute();
    expect(held).toEqual([{ permission_id: 1, active: true }]);
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'role_id'`.execute(
      db,
    );
    expect(columns.rows).toEqual([]);
  } finally {
    await db.destroy();
    rmSync(before, { recursive: true, force: true });
  }
});
