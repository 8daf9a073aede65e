import { sql } from 'kysely';
import type { PasswordHasher } from '../platform/auth/password-hasher';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import {
  createProjectWithQuestions,
  createTenantProjectDefaults,
  FULL_ACCESS,
  saveProjectForm,
  saveProjectLanguageConfig,
} from '../services/project-service';
import {
  addUserToTenant,
  createCallCenter,
  createOrder,
  createTenant,
  createUser,
  saveTenantAttribute,
} from '../services/user-service';
import {
  DEMO_PASSWORD,
  DEMO_QUESTIONS,
  DEMO_TENANTS,
  DEMO_USERS,
  TENANT_ATTRIBUTE_VALUES,
  type DemoOrder,
  type DemoProject,
} from './demo-data';
import { demoProjectDetails } from './demo-project-details';
import { generateInterviewDataIn, twelveMonthsBefore } from './interview-data';
import { seedCommunicationTemplates } from './seed-communication-templates';
import { seedQuestionApprovals } from './seed-question-approvals';
import { seedResultConfigTemplates } from './seed-result-config-templates';
import { seedProjectTeams } from './seed-project-teams';
import { seedLookupValues } from './seed-lookup-values';
import { seedIntegrations } from './seed-integrations';
import { seedDocuments } from './seed-documents';
import { seedParticipantTrails } from './seed-participant-trails';
import { seedAccessCodes } from './seed-access-codes';
import type { FileStorage } from '../platform/storage/file-storage';
import type { TenantSecretCipher } from '../platform/secrets/tenant-secret-cipher';

export interface SeedDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  /** Encrypts the demo secrets; without it the demo client applications and secrets are left out. */
  secrets?: TenantSecretCipher;
  /** Where the demo documents are stored; without it they are left out (docs/product/documents.md#demo). */
  storage?: FileStorage;
  /** Completing a cut-off run: a demo project left without participants gets its interview data. */
  resume?: boolean;
  /**
   * Called after each step has committed, with the step's name (the tenant, project or user it concerns); the resume
   * tests stop the seed there, at every step boundary in turn.
   */
  onStep?: (step: string) => void | Promise<void>;
}

export interface SeedReport {
  tenantsCreated: number;
  usersCreated: number;
}

/** The random seed of a demo project's participants and results: its tenant id and its place in the list. */
export const demoProjectSeed = (tenantId: number, projectIndex: number): number => tenantId * 1000 + projectIndex;

/**
 * The demo project's interview configuration per language: a project code unique on the platform (tenant id,
 * project place, language id) and a dial-in number from the fictional +1 800 555 range.
 */
export function demoLanguageConfig(tenantId: number, projectIndex: number, languageIds: readonly number[]) {
  return languageIds.map((languageId) => ({
    languageId,
    projectCode: `${tenantId}${String(projectIndex + 1).padStart(2, '0')}${languageId}`,
    dialInNumber: `+1800555${String((tenantId * 100 + projectIndex * 10 + languageId) % 10000).padStart(4, '0')}`,
    ivrOption: languageId,
    callDelayBy: 5,
  }));
}

/**
 * The next tenant created gets `id` (DemoTenant.id), unless a tenant already holds it or a later one (not a fresh
 * demo database: the sequence decides). Inside the creating transaction, so a resumed seed sets it again.
 */
async function nextTenantIdIs(trx: Db, id: number): Promise<void> {
  const taken = await trx.selectFrom('tenants').select('id').where('id', '>=', id).limit(1).executeTakeFirst();
  if (taken) return;
  await sql`SELECT setval(pg_get_serial_sequence('tenants', 'id'), ${id}, false)`.execute(trx);
}

const byName = (name: string) => sql<boolean>`lower(name) = ${name.toLowerCase()}`;

/** 'YYYY-MM-DD' of the first (or last) day of the UTC month `offset` months from `now`. */
function monthDay(now: Date, offset: number, end: boolean): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + (end ? 1 : 0), end ? 0 : 1));
  return d.toISOString().slice(0, 10);
}

const orderDates = (order: DemoOrder, now: Date) => ({
  startDate: monthDay(now, order.startMonth, false),
  endDate: monthDay(now, order.endMonth, true),
});

/**
 * Creates the demo tenants, roles, users, call centers and projects through the domain functions the API
 * uses, each in the scope it needs (system for tenants, the tenant's own scope for everything inside it).
 * Only what is missing is created, so running it again changes nothing.
 */
export async function seedDemoData({
  db,
  clock,
  passwords,
  secrets,
  storage,
  resume = false,
  onStep = () => {},
}: SeedDeps): Promise<SeedReport> {
  const now = clock.now();
  const report: SeedReport = { tenantsCreated: 0, usersCreated: 0 };

  await withSystem(db, async (trx) => {
    for (const value of TENANT_ATTRIBUTE_VALUES) await saveTenantAttribute(trx, value);
  });
  await onStep('tenant attributes');

  const tenantIds = new Map<string, number>();
  for (const demo of DEMO_TENANTS) {
    const id = await withSystem(db, async (trx) => {
      const existing = await trx.selectFrom('tenants').select('id').where(byName(demo.name)).executeTakeFirst();
      if (existing) return existing.id;
      await nextTenantIdIs(trx, demo.id);
      report.tenantsCreated += 1;
      return (await createTenant(trx, { name: demo.name, isSystem: demo.isSystem, now })).tenant.id;
    });
    tenantIds.set(demo.name, id);
    await onStep(`tenant ${demo.name}`);
    const newProjects = await withTenant(db, id, async (trx) => {
      await createTenantProjectDefaults(trx, id, now);
      for (const order of demo.orders) {
        const exists = await trx
          .selectFrom('orders')
          .select('id')
          .where('order_number', '=', order.orderNumber)
          .executeTakeFirst();
        if (!exists) await createOrder(trx, { tenantId: id, ...order, ...orderDates(order, now), now });
      }
      // Call centers first: every new demo project uses the tenant's first one (docs/product/project-form.md#demo-data).
      for (const center of demo.callCenters) {
        const exists = await trx.selectFrom('call_centers').select('id').where(byName(center.name)).executeTakeFirst();
        if (!exists) await createCallCenter(trx, { ...center, tenantId: id, now });
      }
      const firstCallCenter = await trx.selectFrom('call_centers').select('id').orderBy('id').executeTakeFirst();
      const created = [];
      for (const [index, project] of demo.projects.entries()) {
        const exists = await trx.selectFrom('projects').select('id').where(byName(project.name)).executeTakeFirst();
        if (exists) {
          // A database seeded before migration 007 gets its codes and numbers once.
          const languages = await trx
            .selectFrom('project_languages')
            .select(['language_id', 'project_code'])
            .where('project_id', '=', exists.id)
            .execute();
          if (languages.length && languages.every((l) => l.project_code === null)) {
            const present = languages.map((l) => l.language_id);
            await saveProjectLanguageConfig(
              trx,
              exists.id,
              demoLanguageConfig(
                id,
                index,
                project.languageIds.filter((l) => present.includes(l)),
              ),
            );
          }
          if (resume) {
            const unfinished = await projectWithoutInterviewData(trx, exists.id, project);
            if (unfinished) created.push({ project, index, ...unfinished });
          }
          continue;
        }
        const { projectId, questionIds } = await createProjectWithQuestions(trx, {
          tenantId: id,
          name: project.name,
          active: project.active,
          stageId: project.stage,
          questionnaireType: project.questionnaireType,
          languageIds: project.languageIds,
          questions: DEMO_QUESTIONS.map((questionText) => ({ questionText })),
          now,
        });
        await saveProjectLanguageConfig(trx, projectId, demoLanguageConfig(id, index, project.languageIds));
        const details = demoProjectDetails(project, demo.name, index, now);
        if (firstCallCenter) details.callCenterIds = [firstCallCenter.id];
        await saveProjectForm(trx, details, {
          tenantId: id,
          projectId,
          access: FULL_ACCESS,
          now,
          capDates: false,
        });
        created.push({ project, index, projectId, questionIds });
      }
      await seedCommunicationTemplates(trx, id, now);
      if (!demo.isSystem) await seedResultConfigTemplates(trx, id, now);
      await seedLookupValues(trx, id);
      return created;
    });
    await onStep(`projects of ${demo.name}`);
    // Participants and results only for projects created in this run, so a second run adds nothing; each project's
    // participants, results and trails in one transaction, so an interrupted seed leaves all of them or none.
    for (const { project, index, projectId, questionIds } of newProjects) {
      await withTenant(db, id, async (trx) => {
        await generateInterviewDataIn(trx, {
          tenantId: id,
          projectId,
          questionIds,
          participants: project.participants,
          results: project.results,
          since: twelveMonthsBefore(now),
          now,
          seed: demoProjectSeed(id, index),
          codePrefix: `P${projectId}-`,
          // Some results wait on hold, so the Results tab's On Hold list has rows (docs/product/project-results.md#demo).
          heldEvery: 10,
        });
        // NP trails (docs/product/participants.md#demo).
        const reverse = demoProjectDetails(project, demo.name, index, now).reverse_np_configuration === true;
        await seedParticipantTrails(trx, { projectId, reverse, now });
      });
      await onStep(`interview data of ${project.name}`);
    }
  }
  const tenantId = (name: string) => {
    const id = tenantIds.get(name);
    if (id === undefined) throw new Error(`Demo data names an unknown tenant ${name}`);
    return id;
  };

  for (const demo of DEMO_USERS) {
    const existing = await withSystem(db, (trx) =>
      trx.selectFrom('users').select('id').where('email', '=', demo.email).executeTakeFirst(),
    );
    let userId = existing?.id;
    if (userId === undefined) {
      const passwordHash = await passwords.hash(DEMO_PASSWORD);
      const homeTenantId = tenantId(demo.homeTenant);
      userId = await withTenant(db, homeTenantId, (trx) =>
        createUser(trx, { ...demo, tenantId: homeTenantId, passwordHash, now }),
      );
      report.usersCreated += 1;
    }
    for (const name of demo.memberOf) {
      const id = tenantId(name);
      const user = userId;
      // The user holds the role of the same name in every tenant they belong to (each has the standard roles).
      await withTenant(db, id, async (trx) => {
        const role = await trx.selectFrom('roles').select('id').where(byName(demo.role)).executeTakeFirstOrThrow();
        await addUserToTenant(trx, { userId: user, tenantId: id, roleId: role.id, now });
      });
    }
    await onStep(`user ${demo.email}`);
  }
  await seedQuestionApprovals(db, now);
  await onStep('question approvals');
  for (const demo of DEMO_TENANTS.filter((d) => !d.isSystem)) {
    await seedProjectTeams(db, tenantId(demo.name), now);
    await onStep(`project teams of ${demo.name}`);
  }
  // Demo access-code files on each customer tenant's second project (docs/product/access-codes.md#demo).
  for (const demo of DEMO_TENANTS.filter((d) => !d.isSystem && d.projects.length > 1)) {
    const name = demo.projects[1]!.name;
    const project = await withTenant(db, tenantId(demo.name), (trx) =>
      trx.selectFrom('projects').select('id').where(byName(name)).executeTakeFirst(),
    );
    if (project) await seedAccessCodes(db, { tenantId: tenantId(demo.name), projectId: project.id, now });
    await onStep(`access codes of ${demo.name}`);
  }
  if (secrets) {
    for (const demo of DEMO_TENANTS.filter((t) => !t.isSystem)) {
      await seedIntegrations(db, { tenantId: tenantId(demo.name), passwords, secrets, now });
      await onStep(`integrations of ${demo.name}`);
    }
  }
  if (storage) {
    for (const demo of DEMO_TENANTS.filter((t) => !t.isSystem)) {
      await seedDocuments(db, { tenantId: tenantId(demo.name), storage, now });
      await onStep(`documents of ${demo.name}`);
    }
  }
  return report;
}

/**
 * A demo project of a resumed seed that still needs its interview data, checked by counts: none yet (the data is added
 * in one transaction per project), or exactly the planned participants and at least the planned results (the call
 * simulator adds results to some demo projects). Anything else is not a state the seed leaves: it stops and says so.
 */
async function projectWithoutInterviewData(trx: Db, projectId: number, planned: DemoProject) {
  const counts = await trx
    .selectFrom('projects')
    .select((eb) => [
      eb
        .selectFrom('participants')
        .select(eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .as('participants'),
      eb
        .selectFrom('interview_results')
        .select(eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .as('results'),
    ])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const participants = Number(counts.participants);
  const results = Number(counts.results);
  if (participants === planned.participants && results >= planned.results && participants > 0) return null;
  if (participants !== 0 || results !== 0)
    throw new Error(
      `Demo project ${planned.name} holds ${participants} participants and ${results} results; the seed plans ` +
        `${planned.participants} and ${planned.results}, and leaves either all or none.`,
    );
  const questions = await trx
    .selectFrom('project_questions')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('sequence')
    .execute();
  return { projectId, questionIds: questions.map((q) => q.id) };
}

/** True when the database holds no tenant yet (a fresh install). */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const row = await withSystem(db, (trx) => trx.selectFrom('tenants').select('id').limit(1).executeTakeFirst());
  return row === undefined;
}
