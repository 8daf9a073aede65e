import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listMigrations } from '../platform/db/migrate';
import { PERMISSION_CATALOGUE } from '../../shared/permissions';
import { withSystem } from '../platform/tenancy/with-tenant';
import { prepareDatabase } from '../prepare-database';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_USERS } from './demo-data';
import { demoUsersTable } from './demo-users-table';
import { seedDemoData } from './seed-demo-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ freshDatabase: true });
});
afterAll(() => t.close());

/** Every domain row the seed can create, in a stable order. */
async function snapshot() {
  return withSystem(t.db, async (trx) => ({
    tenants: await trx.selectFrom('tenants').selectAll().orderBy('id').execute(),
    roles: await trx.selectFrom('roles').selectAll().orderBy('id').execute(),
    rolePermissions: await trx
      .selectFrom('role_permissions')
      .selectAll()
      .orderBy('role_id')
      .orderBy('permission_id')
      .execute(),
    users: await trx.selectFrom('users').selectAll().orderBy('id').execute(),
    memberships: await trx.selectFrom('user_tenants').selectAll().orderBy('user_id').orderBy('tenant_id').execute(),
    projects: await trx.selectFrom('projects').selectAll().orderBy('id').execute(),
    callCenters: await trx.selectFrom('call_centers').selectAll().orderBy('id').execute(),
    callCenterLanguages: await trx
      .selectFrom('call_center_languages')
      .selectAll()
      .orderBy('call_center_id')
      .orderBy('language_id')
      .execute(),
    tenantAttributes: await trx.selectFrom('tenant_attributes').selectAll().orderBy('id').execute(),
    permissions: await trx.selectFrom('permissions').selectAll().orderBy('id').execute(),
    projectAttributes: await trx.selectFrom('project_attributes').selectAll().orderBy('id').execute(),
    questions: await trx.selectFrom('project_questions').selectAll().orderBy('id').execute(),
    orders: await trx.selectFrom('orders').selectAll().orderBy('id').execute(),
    participants: await trx.selectFrom('participants').select(['id', 'project_id']).orderBy('id').execute(),
    results: await trx
      .selectFrom('interview_results')
      .select(['id', 'overall_evaluation', 'completed_at', 'order_id'])
      .orderBy('id')
      .execute(),
    projectLanguages: await trx
      .selectFrom('project_languages')
      .selectAll()
      .orderBy('project_id')
      .orderBy('language_id')
      .execute(),
    resultConfigTemplates: await trx.selectFrom('result_config_templates').selectAll().orderBy('id').execute(),
    rollups: await trx
      .selectFrom('result_rollups')
      .selectAll()
      .orderBy('project_id')
      .orderBy('month')
      .orderBy('overall_evaluation')
      .execute(),
  }));
}

test('running the seed and the migrations again changes nothing', async () => {
  const before = await snapshot();
  t.clock.advance(60_000);
  expect(await prepareDatabase(t.db)).toEqual([]);
  expect(await seedDemoData({ db: t.db, clock: t.clock, passwords: t.passwords })).toEqual({
    tenantsCreated: 0,
    usersCreated: 0,
  });
  expect(await snapshot()).toEqual(before);
});

test('a database seeded before migration 007 gets the same project codes and dial-in numbers on the next seed', async () => {
  const before = await snapshot();
  await withSystem(t.db, (trx) =>
    trx
      .updateTable('project_languages')
      .set({ project_code: null, dial_in_number: null, ivr_option: null, call_delay_by: 5 })
      .execute(),
  );
  await seedDemoData({ db: t.db, clock: t.clock, passwords: t.passwords });
  const after = await snapshot();
  expect(after.projectLanguages).toEqual(before.projectLanguages);
  expect(after.projectLanguages.filter((l) => l.project_code === null)).toEqual([]);
});

test('every migration is recorded once, in order', async () => {
  const recorded = await withSystem(t.db, (trx) =>
    trx.selectFrom('schema_migrations').select(['version', 'name']).orderBy('version').execute(),
  );
  expect(recorded).toEqual(listMigrations().map(({ version, name }) => ({ version, name })));
});

test('the demo users are exactly the table in docs/development.md', () => {
  const doc = readFileSync(join(import.meta.dirname, '../../../docs/development.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Demo data'));
  const rows = section
    .split('\n')
    .filter((line) => /^\| \S+@\S+ \|/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const documented = rows.map(([email, role, tenants]) => ({
    email,
    role: role!.replace(/\s*\(.*\)$/, ''),
    tenants: tenants!.startsWith('none') ? [] : tenants!.replace(/\s*\(.*\)$/, '').split(', '),
  }));
  expect(documented).toEqual(DEMO_USERS.map((u) => ({ email: u.email, role: u.role, tenants: u.memberOf })));
  expect(demoUsersTable()).toContain('Voxscreen!2026');
});

test('every demo user signs in with the demo password', async () => {
  for (const user of DEMO_USERS) await t.signIn(user.email);
});

describe('standard roles', () => {
  async function permissionsOf(tenant: string, role: string): Promise<string[]> {
    const tenantId = await t.tenantId(tenant);
    return withSystem(t.db, async (trx) => {
      const rows = await trx
        .selectFrom('role_permissions as rp')
        .innerJoin('roles as r', 'r.id', 'rp.role_id')
        .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
        .select('p.permission')
        .where('r.tenant_id', '=', tenantId)
        .where('r.name', '=', role)
        .where('rp.active', '=', true)
        .execute();
      return rows.map((r) => r.permission).sort();
    });
  }

  test('every tenant has the seven standard roles', async () => {
    const roles = await withSystem(t.db, (trx) =>
      trx
        .selectFrom('roles as r')
        .innerJoin('tenants as t', 't.id', 'r.tenant_id')
        .select(['t.name as tenant', 'r.name'])
        .execute(),
    );
    for (const tenant of ['Voxscreen', 'Acme Insurance', 'Globex Logistics']) {
      expect(
        roles
          .filter((r) => r.tenant === tenant)
          .map((r) => r.name)
          .sort(),
      ).toEqual([
        'Analyst',
        'Call Center Admin',
        'Call Center Agent',
        'Call Center Supervisor',
        'Customer Admin',
        'Tenant Support',
        'Voxscreen Admin',
      ]);
    }
  });

  test('Voxscreen Admin holds every permission', async () => {
    expect(await permissionsOf('Voxscreen', 'Voxscreen Admin')).toEqual(
      PERMISSION_CATALOGUE.map((p) => p.permission).sort(),
    );
  });

  test('Tenant Support holds every read permission, internal ones only in the system tenant', async () => {
    const reads = PERMISSION_CATALOGUE.filter((p) => p.accessType === 'read');
    expect(await permissionsOf('Voxscreen', 'Tenant Support')).toEqual(reads.map((p) => p.permission).sort());
    expect(await permissionsOf('Acme Insurance', 'Tenant Support')).toEqual(
      reads
        .filter((p) => p.group !== 'internal')
        .map((p) => p.permission)
        .sort(),
    );
  });

  test('Customer Admin holds project and administration permissions (secrets too) except tenant.create', async () => {
    const held = await permissionsOf('Acme Insurance', 'Customer Admin');
    expect(held).toContain('tenant.users.create');
    expect(held).toContain('tenant.project.detail.update');
    expect(held).toEqual(
      expect.arrayContaining(['secrets.read', 'secrets.update', 'tenant.client.application.delete']),
    );
    expect(
      held.filter((p) => p === 'tenant.create' || p.includes('internal') || p === 'tenant.audit.log.read'),
    ).toEqual([]);
  });

  test('Analyst is read-only; call-center roles hold the call-center permissions', async () => {
    const analyst = await permissionsOf('Acme Insurance', 'Analyst');
    expect(analyst.every((p) => /\.(read|download)$/.test(p))).toBe(true);
    expect(analyst).toContain('tenant.project.results.read');
    expect(await permissionsOf('Acme Insurance', 'Call Center Admin')).toEqual(
      [
        'callcenter.create',
        'callcenter.read',
        'callcenter.update',
        'tenant.callexec.detail.read',
        'tenant.project.detail.read',
      ].sort(),
    );
    expect(await permissionsOf('Acme Insurance', 'Call Center Agent')).toEqual(
      ['callcenter.read', 'tenant.callexec.detail.read', 'tenant.project.detail.read'].sort(),
    );
  });
});
