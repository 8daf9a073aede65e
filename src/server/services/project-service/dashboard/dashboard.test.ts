import { sql } from 'kysely';
import type { EvaluationCode } from '../../../platform/db/schema';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { demoFigures } from '../../../seed/demo-figures';
import { recordInterviewResults, verifyResultRollups } from '../../execution-service';
import { createParticipants } from '../../participant-service';
import { addUserToTenant, createOrder, createTenant } from '../../user-service';
import { createProjectWithQuestions } from '../projects/projects-store';
import { STAGE, STATUS } from '../projects/project-attributes';

// The test clock stands at 2026-03-02T09:00Z: the current order is O2 (Active, from 2026-01-01); O3 is Active
// too but starts in April; O1 is Complete.
let t: TestApp;
let fixture: number;
let acme: number;
let globex: number;
let admin: SignedIn;
let acmeAdmin: SignedIn;
const project: Record<'alpha' | 'beta' | 'gamma' | 'delta', number> = { alpha: 0, beta: 0, gamma: 0, delta: 0 };
let alphaQuestions: number[] = [];

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  const now = t.clock.now();
  fixture = await withSystem(t.db, async (trx) => {
    const { tenant } = await createTenant(trx, { name: 'Fixture Co', now });
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@voxscreen.test')
      .executeTakeFirstOrThrow();
    const role = await trx
      .selectFrom('roles')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('name', '=', 'Voxscreen Admin')
      .executeTakeFirstOrThrow();
    await addUserToTenant(trx, { userId: user.id, tenantId: tenant.id, roleId: role.id, now });
    return tenant.id;
  });
  await withTenant(t.db, fixture, async (trx) => {
    await createOrder(trx, {
      tenantId: fixture,
      orderNumber: '1',
      startDate: '2025-10-01',
      endDate: '2025-12-31',
      numberOfCalls: 100,
      orderStatus: 'Complete',
      now,
    });
    await createOrder(trx, {
      tenantId: fixture,
      orderNumber: '2',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      numberOfCalls: 50,
      orderStatus: 'Active',
      now,
    });
    await createOrder(trx, {
      tenantId: fixture,
      orderNumber: '3',
      startDate: '2026-04-01',
      endDate: '2026-12-31',
      numberOfCalls: 999,
      orderStatus: 'Active',
      now,
    });
    const questions = [
      { questionText: 'Q one' },
      { questionText: 'Q two' },
      { questionText: 'Warm-up', preInterview: true, isPertinant: false },
    ];
    const alpha = await createProjectWithQuestions(trx, {
      tenantId: fixture,
      name: 'Alpha',
      stageId: STAGE.EXECUTION,
      questions,
      languageIds: [1, 2],
      now,
    });
    project.alpha = alpha.projectId;
    alphaQuestions = alpha.questionIds;
    project.beta = (
      await createProjectWithQuestions(trx, {
        tenantId: fixture,
        name: 'Beta',
        stageId: STAGE.COMPLETE,
        active: false,
        now,
      })
    ).projectId;
    project.gamma = (
      await createProjectWithQuestions(trx, { tenantId: fixture, name: 'Gamma', stageId: STAGE.SETUP, now })
    ).projectId;
    project.delta = (
      await createProjectWithQuestions(trx, { tenantId: fixture, name: 'Delta', stageId: STAGE.COMPLETE, now })
    ).projectId;
    const [pa] = await createParticipants(trx, fixture, project.alpha, [{ firstName: 'A' }], now);
    const [pb] = await createParticipants(trx, fixture, project.beta, [{ firstName: 'B' }], now);
    const result = (projectId: number, participantId: number, overallEvaluation: EvaluationCode, iso: string) => ({
      projectId,
      participantId,
      overallEvaluation,
      completedAt: at(iso),
    });
    await recordInterviewResults(
      trx,
      fixture,
      [
        {
          ...result(project.alpha, pa!, 'HR', '2026-02-10T10:00:00Z'),
          questionResults: [
            { projectQuestionId: alphaQuestions[0]!, sequence: 1, result: 'HR' },
            { projectQuestionId: alphaQuestions[1]!, sequence: 2, result: 'LR' },
          ],
        },
        {
          ...result(project.alpha, pa!, 'CM', '2026-02-11T10:00:00Z'),
          questionResults: [
            { projectQuestionId: alphaQuestions[0]!, sequence: 1, result: 'CM' },
            { projectQuestionId: alphaQuestions[1]!, sequence: 2, result: 'AD' },
          ],
        },
        result(project.alpha, pa!, 'LR', '2026-03-01T12:00:00Z'),
        result(project.alpha, pa!, 'DC', '2026-03-01T13:00:00Z'),
        result(project.alpha, pa!, 'NC', '2026-01-05T08:00:00Z'),
        result(project.alpha, pa!, 'AR', '2025-11-20T08:00:00Z'),
        result(project.alpha, pa!, 'G', '2025-11-21T08:00:00Z'),
      ],
      now,
    );
    // A second call adds to the same rollup rows.
    await recordInterviewResults(
      trx,
      fixture,
      [
        result(project.beta, pb!, 'PR', '2026-02-15T10:00:00Z'),
        result(project.beta, pb!, 'LR', '2025-04-10T10:00:00Z'),
        result(project.beta, pb!, 'AD', '2026-03-02T08:00:00Z'),
      ],
      now,
    );
  });
  [admin, acmeAdmin] = await t.signInAs('admin@voxscreen.test', 'admin@acme.test');
});
afterAll(() => t.close());

describe('getDashboardKpi', () => {
  test('counts projects, lifetime and current-order calls and risk classes as computed by hand', async () => {
    const kpi = await t.api.ok('getDashboardKpi', {
      token: admin,
      operatingTenant: fixture,
      query: { tenantId: fixture },
    });
    expect(kpi).toEqual({
      active_project_count: 3, // Alpha, Gamma, Delta
      completed_project_count: 2, // Beta, Delta (stage sequence 4)
      total_life_time_completed_interview: 9, // 10 results, one DC
      total_completed_interview: 6, // from 2026-01-01: HR, CM, LR, NC (Alpha) + PR, AD (Beta)
      total_number_of_calls: 50, // O2, not the April order
      hr_count: 3, // HR + CM + AD
      pr_count: 1,
      ar_count: 0, // the AR result belongs to O1
      lr_count: 1,
      nc_count: 1,
    });
  });

  test('without a current order the order figures are zero', async () => {
    t.clock.set(at('2025-09-15T00:00:00Z'));
    try {
      const kpi = await t.api.ok('getDashboardKpi', {
        token: admin,
        operatingTenant: fixture,
        query: { tenantId: fixture },
      });
      expect(kpi).toMatchObject({
        total_completed_interview: 0,
        total_number_of_calls: 0,
        hr_count: 0,
        lr_count: 0,
        nc_count: 0,
      });
      expect(kpi.total_life_time_completed_interview).toBe(9);
    } finally {
      t.clock.set(at('2026-03-02T09:00:00.000Z'));
    }
  });

  test('each tenant sees only its own figures, never a mix', async () => {
    const [fixtureKpi, acmeKpi, globexKpi] = await Promise.all([
      t.api.ok('getDashboardKpi', { token: admin, operatingTenant: fixture, query: { tenantId: fixture } }),
      t.api.ok('getDashboardKpi', { token: admin, operatingTenant: acme, query: { tenantId: acme } }),
      t.api.ok('getDashboardKpi', { token: admin, operatingTenant: globex, query: { tenantId: globex } }),
    ]);
    const direct = async (tenantId: number) =>
      withSystem(t.db, async (trx) => {
        const row = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM interview_results
          WHERE tenant_id = ${tenantId} AND NOT deleted AND overall_evaluation IN ('LR','AR','PR','HR','CM','AD','NC','R','G')`.execute(
          trx,
        );
        return row.rows[0]!.n;
      });
    expect(acmeKpi.total_life_time_completed_interview).toBe(await direct(acme));
    expect(globexKpi.total_life_time_completed_interview).toBe(await direct(globex));
    expect(acmeKpi.total_life_time_completed_interview).toBeGreaterThan(0);
    expect(fixtureKpi.total_life_time_completed_interview).toBe(9);
    expect(acmeKpi.total_number_of_calls).toBe(400);
    expect(globexKpi.total_number_of_calls).toBe(250);
  });

  test('a seeded customer shows the figures its demo data define', async () => {
    for (const [name, tenantId] of [
      ['Acme Insurance', acme],
      ['Globex Logistics', globex],
    ] as const) {
      const kpi = await t.api.ok('getDashboardKpi', { token: admin, operatingTenant: tenantId, query: { tenantId } });
      const expected = demoFigures(name, tenantId);
      expect(kpi).toMatchObject({
        active_project_count: expected.activeProjects,
        completed_project_count: expected.completedProjects,
        total_life_time_completed_interview: expected.lifetimeCallsCompleted,
        total_number_of_calls: expected.orderCalls,
      });
      expect(kpi.total_completed_interview).toBeGreaterThan(0);
      expect(kpi.total_completed_interview).toBeLessThan(expected.lifetimeCallsCompleted);
    }
  });

  test('a tenantId other than the operating tenant is refused', async () => {
    const body = await t.api.fails('getDashboardKpi', 403, {
      token: admin,
      operatingTenant: acme,
      query: { tenantId: globex },
    });
    expect(body.code).toBe('TENANT_FORBIDDEN');
    await t.api.fails('getDashboardKpi', 403, {
      token: acmeAdmin,
      operatingTenant: globex,
      query: { tenantId: globex },
    });
  });
});

describe('listYearlyResults', () => {
  test('twelve months up to the current one, zero months included, DC left out', async () => {
    const months = await t.api.ok('listYearlyResults', { token: admin, operatingTenant: fixture });
    expect(months.map((m) => m.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(Object.fromEntries(months.filter((m) => m.count).map((m) => [m.month, m.count]))).toEqual({
      '2025-04': 1,
      '2025-11': 2,
      '2026-01': 1,
      '2026-02': 3,
      '2026-03': 2,
    });
  });

  test('the seeded months of a customer sum to its lifetime figure (results lie within the last 12 months)', async () => {
    const [months, kpi] = await Promise.all([
      t.api.ok('listYearlyResults', { token: acmeAdmin, operatingTenant: acme }),
      t.api.ok('getDashboardKpi', { token: acmeAdmin, operatingTenant: acme, query: { tenantId: acme } }),
    ]);
    expect(months.reduce((sum, m) => sum + m.count, 0)).toBe(kpi.total_life_time_completed_interview);
    expect(months.filter((m) => m.count > 0).length).toBeGreaterThanOrEqual(10);
  });
});

describe('listProjectCards', () => {
  test('cards carry lifetime classes, current-order calls, questions and languages', async () => {
    const { projects, stages } = await t.api.ok('listProjectCards', { token: admin, operatingTenant: fixture });
    expect(projects.map((p) => p.name)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    const alpha = projects.find((p) => p.projectId === project.alpha)!;
    expect(alpha).toEqual({
      projectId: project.alpha,
      name: 'Alpha',
      active: true,
      projectStatusId: STATUS.ACTIVE,
      projectStageId: STAGE.EXECUTION,
      overallHrCount: 2,
      overallPrCount: 0,
      overallArCount: 1,
      overallLrCount: 2,
      overallNcCount: 1,
      totalLifeTimeCompletedInterview: 6,
      totalCompletedInterview: 4,
      totalPertinantQuestions: 2,
      questions: [
        {
          projectQuestionId: alphaQuestions[0],
          sequence: 1,
          hrCount: 1,
          prCount: 0,
          arCount: 0,
          lrCount: 0,
          cmCount: 1,
          adCount: 0,
          ncCount: 0,
        },
        {
          projectQuestionId: alphaQuestions[1],
          sequence: 2,
          hrCount: 0,
          prCount: 0,
          arCount: 0,
          lrCount: 1,
          cmCount: 0,
          adCount: 1,
          ncCount: 0,
        },
      ],
      projectLanguagesData: [
        { value: 1, label: 'English' },
        { value: 2, label: 'Español' },
      ],
    });
    expect(stages.map((s) => s.description)).toEqual(['Setup', 'Testing', 'Execution', 'Complete']);
  });

  test('filters by status and by stage; several ids are alternatives', async () => {
    const names = async (query: Record<string, string | number[]>) =>
      (await t.api.ok('listProjectCards', { token: admin, operatingTenant: fixture, query })).projects.map(
        (p) => p.name,
      );
    expect(await names({ statusId: String(STATUS.ACTIVE) })).toEqual(['Alpha', 'Delta', 'Gamma']);
    expect(await names({ statusId: String(STATUS.INACTIVE) })).toEqual(['Beta']);
    expect(await names({ stageId: [STAGE.SETUP, STAGE.EXECUTION] })).toEqual(['Alpha', 'Gamma']);
    expect(await names({ statusId: String(STATUS.ACTIVE), stageId: String(STAGE.COMPLETE) })).toEqual(['Delta']);
    expect(await names({})).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    await t.api.fails('listProjectCards', 400, {
      token: admin,
      operatingTenant: fixture,
      query: { statusId: '1;DROP' },
    });
  });

  test('defaultStatus applies the Active filter on the server, in any interface language; statusId wins', async () => {
    const names = async (query: Record<string, string>, langId = 1) =>
      (
        await t.api.ok('listProjectCards', { token: admin, operatingTenant: fixture, query, headers: { langId } })
      ).projects.map((p) => p.name);
    expect(await names({ defaultStatus: 'true' })).toEqual(['Alpha', 'Delta', 'Gamma']);
    expect(await names({ defaultStatus: 'true' }, 2)).toEqual(['Alpha', 'Delta', 'Gamma']);
    expect(await names({ defaultStatus: 'true', stageId: String(STAGE.COMPLETE) })).toEqual(['Delta']);
    expect(await names({ defaultStatus: 'true', statusId: String(STATUS.INACTIVE) })).toEqual(['Beta']);
    expect(await names({ defaultStatus: 'false' })).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
  });

  test('stages come in the interface language', async () => {
    const { stages } = await t.api.ok('listProjectCards', {
      token: admin,
      operatingTenant: fixture,
      headers: { langId: 2 },
    });
    expect(stages.map((s) => s.description)).toEqual(['Configuración', 'Pruebas', 'Ejecución', 'Completado']);
  });

  test('a customer sees only its own projects', async () => {
    const { projects } = await t.api.ok('listProjectCards', { token: acmeAdmin, operatingTenant: acme });
    const own = await withSystem(t.db, (trx) =>
      trx.selectFrom('projects').select('id').where('tenant_id', '=', acme).execute(),
    );
    expect(projects.map((p) => p.projectId).sort()).toEqual(own.map((p) => p.id).sort());
  });
});

describe('listProjectAttributes', () => {
  test('STATUS and STAGE values by type and sequence; Tagalog and Spanish labels', async () => {
    const { attributes } = await t.api.ok('listProjectAttributes', {
      token: admin,
      operatingTenant: fixture,
      query: { tenant_id: fixture, language_id: 3, active: true },
    });
    expect(attributes.map((a) => [a.attributeType, a.attributeId, a.description, a.languageId])).toEqual([
      ['STAGE', 1, 'Pag-set up', 3],
      ['STAGE', 2, 'Pagsubok', 3],
      ['STAGE', 3, 'Pagpapatupad', 3],
      ['STAGE', 4, 'Kumpleto', 3],
      ['STATUS', 1, 'Aktibo', 3],
      ['STATUS', 2, 'Hindi aktibo', 3],
    ]);
  });

  test('falls back to English for a value missing in the language; inactive values only without active=true', async () => {
    await withTenant(t.db, fixture, (trx) =>
      trx
        .insertInto('project_attributes')
        .values({
          tenant_id: fixture,
          attribute_type: 'STATUS',
          attribute_id: 3,
          language_id: 1,
          description: 'On Hold',
          sequence: 3,
          active: false,
        })
        .execute(),
    );
    const all = await t.api.ok('listProjectAttributes', {
      token: admin,
      operatingTenant: fixture,
      query: { tenant_id: fixture, language_id: 2 },
    });
    expect(
      all.attributes.filter((a) => a.attributeType === 'STATUS').map((a) => [a.description, a.languageId]),
    ).toEqual([
      ['Activo', 2],
      ['Inactivo', 2],
      ['On Hold', 1],
    ]);
    const active = await t.api.ok('listProjectAttributes', {
      token: admin,
      operatingTenant: fixture,
      query: { tenant_id: fixture, language_id: 2, active: true },
    });
    expect(active.attributes.map((a) => a.description)).not.toContain('On Hold');
  });

  test('a tenant_id other than the operating tenant is refused', async () => {
    await t.api.fails('listProjectAttributes', 403, {
      token: admin,
      operatingTenant: acme,
      query: { tenant_id: globex },
    });
  });
});

describe('getProjectPermissions', () => {
  test("lists the role's project permissions for a project of the operating tenant", async () => {
    const acmeProject = await withSystem(t.db, (trx) =>
      trx.selectFrom('projects').select('id').where('tenant_id', '=', acme).executeTakeFirstOrThrow(),
    );
    const analyst = await t.signIn('analyst@acme.test');
    const body = await t.api.ok('getProjectPermissions', {
      token: analyst,
      operatingTenant: acme,
      query: { projectId: acmeProject.id },
    });
    expect(body.role_permissions).toHaveLength(1);
    expect(body.role_permissions[0]!.roleName).toBe('Analyst');
    const granted = body.role_permissions[0]!.permissions.map((p) => p.permission);
    expect(granted).toEqual(
      expect.arrayContaining(['tenant.project.results.read', 'tenant.project.participants.read']),
    );
    expect(granted).not.toContain('tenant.project.communication.update');
    expect(granted).not.toContain('tenant.document.read');
  });

  test('a project of another tenant is not found', async () => {
    const globexProject = await withSystem(t.db, (trx) =>
      trx.selectFrom('projects').select('id').where('tenant_id', '=', globex).executeTakeFirstOrThrow(),
    );
    await t.api.fails('getProjectPermissions', 404, {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { projectId: globexProject.id },
    });
  });
});

describe('result rollups', () => {
  test('equal the stored rows for the fixture and every seeded tenant', async () => {
    for (const tenantId of [fixture, acme, globex]) {
      expect(await withTenant(t.db, tenantId, (trx) => verifyResultRollups(trx, tenantId))).toEqual([]);
    }
  });

  test('per-question results belong to the result they were recorded with', async () => {
    const rows = await withTenant(t.db, fixture, (trx) =>
      trx
        .selectFrom('interview_question_results as q')
        .innerJoin('interview_results as r', 'r.id', 'q.interview_result_id')
        .select(['r.overall_evaluation', 'q.sequence', 'q.result'])
        .orderBy('r.overall_evaluation')
        .orderBy('q.sequence')
        .execute(),
    );
    expect(rows.map((r) => `${r.overall_evaluation}:${r.sequence}=${r.result}`)).toEqual([
      'CM:1=CM',
      'CM:2=AD',
      'HR:1=HR',
      'HR:2=LR',
    ]);
  });

  test('a drifted rollup is reported', async () => {
    await withSystem(t.db, (trx) =>
      trx
        .updateTable('result_rollups')
        .set({ result_count: sql`result_count + 1` })
        .where('tenant_id', '=', fixture)
        .where('overall_evaluation', '=', 'HR')
        .execute(),
    );
    try {
      const drift = await withTenant(t.db, fixture, (trx) => verifyResultRollups(trx, fixture));
      expect(drift).toEqual([{ table: 'result_rollups', key: expect.stringContaining('|HR'), stored: 2, counted: 1 }]);
    } finally {
      await withSystem(t.db, (trx) =>
        trx
          .updateTable('result_rollups')
          .set({ result_count: sql`result_count - 1` })
          .where('tenant_id', '=', fixture)
          .where('overall_evaluation', '=', 'HR')
          .execute(),
      );
    }
  });

  test('row-level security keeps results, participants and rollups inside their tenant', async () => {
    const seen = await withTenant(t.db, acme, async (trx) => ({
      results: await trx.selectFrom('interview_results').select('tenant_id').execute(),
      questionResults: await trx.selectFrom('interview_question_results').select('tenant_id').execute(),
      participants: await trx.selectFrom('participants').select('tenant_id').execute(),
      rollups: await trx.selectFrom('result_rollups').select('tenant_id').execute(),
      questionRollups: await trx.selectFrom('question_result_rollups').select('tenant_id').execute(),
      orders: await trx.selectFrom('orders').select('tenant_id').execute(),
      attributes: await trx.selectFrom('project_attributes').select('tenant_id').execute(),
      questions: await trx.selectFrom('project_questions').select('tenant_id').execute(),
      languages: await trx.selectFrom('project_languages').select('tenant_id').execute(),
    }));
    for (const rows of Object.values(seen)) {
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.tenant_id))).toEqual(new Set([acme]));
    }
  });
});
