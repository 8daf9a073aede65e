import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { approveProjectQuestions, recordQuestionApproval, STAGE } from '../services/project-service';
import { CUSTOMER_ADMIN } from '../services/user-service';
import { DEMO_TENANTS, DEMO_USERS } from './demo-data';
import { twelveMonthsBefore } from './interview-data';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Approved and unapproved questions on the demo projects (docs/product/project-questions.md#demo-data): Setup
 * projects stay unapproved; Testing projects are approved through approveProjectQuestions, as the tenant's
 * Customer Admin; Execution and Complete projects carry the approval they got before interviews began (a day
 * before the first demo result), recorded with the same write. Projects approved already are left as they are.
 */
export async function seedQuestionApprovals(db: Db, now: Date): Promise<void> {
  for (const tenant of DEMO_TENANTS) {
    const admin = DEMO_USERS.find((u) => u.homeTenant === tenant.name && u.role === CUSTOMER_ADMIN);
    if (!admin || tenant.projects.length === 0) continue;
    const ids = await withSystem(db, async (trx) => ({
      tenantId: (await trx.selectFrom('tenants').select('id').where('name', '=', tenant.name).executeTakeFirstOrThrow())
        .id,
      userId: (await trx.selectFrom('users').select('id').where('email', '=', admin.email).executeTakeFirstOrThrow())
        .id,
    }));
    const actor = {
      userId: ids.userId,
      name: `${admin.firstName} ${admin.lastName}`,
      homeTenantIsSystem: false,
      operatingTenantIsSystem: false,
      roleName: CUSTOMER_ADMIN,
      mayCreate: true,
    };
    await withTenant(db, ids.tenantId, async (trx) => {
      for (const project of tenant.projects) {
        if (project.stage === STAGE.SETUP) continue;
        const row = await approvable(trx, project.name);
        if (!row) continue;
        if (project.stage === STAGE.TESTING) {
          await approveProjectQuestions(trx, { tenantId: ids.tenantId, projectId: row.id, actor, now });
        } else {
          await recordQuestionApproval(trx, ids.tenantId, row.id, {
            approvedByUserId: actor.userId,
            approvedByName: actor.name,
            approvedAt: new Date(twelveMonthsBefore(now).getTime() - DAY),
          });
        }
      }
    });
  }
}

/** The demo project of that name, unless its questions are approved already. */
function approvable(trx: Db, name: string) {
  return trx
    .selectFrom('projects as p')
    .leftJoin('project_question_approvals as a', 'a.project_id', 'p.id')
    .select('p.id')
    .where('p.name', '=', name)
    .where('a.project_id', 'is', null)
    .executeTakeFirst();
}
