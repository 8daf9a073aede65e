import { STAGE } from '../services/project-service';
import { DEMO_TENANTS } from './demo-data';
import { plannedOverallEvaluations } from './interview-data';
import { demoProjectSeed } from './seed-demo-data';

export interface DemoFigures {
  activeProjects: number;
  completedProjects: number;
  lifetimeCallsCompleted: number;
  /** Calls the tenant's current (Active) demo order buys. */
  orderCalls: number;
}

/**
 * The dashboard figures the demo seed gives a customer tenant, computed from the demo data alone (the seed is
 * deterministic), for tests that compare the running product with what was seeded.
 */
export function demoFigures(tenantName: string, tenantId: number): DemoFigures {
  const tenant = DEMO_TENANTS.find((t) => t.name === tenantName);
  if (!tenant) throw new Error(`No demo tenant ${tenantName}`);
  const lifetime = tenant.projects.reduce(
    (sum, project, index) =>
      sum +
      (project.participants > 0
        ? plannedOverallEvaluations(demoProjectSeed(tenantId, index), project.results).filter((code) => code !== 'DC')
            .length
        : 0),
    0,
  );
  return {
    activeProjects: tenant.projects.filter((p) => p.active).length,
    completedProjects: tenant.projects.filter((p) => p.stage === STAGE.COMPLETE).length,
    lifetimeCallsCompleted: lifetime,
    orderCalls: tenant.orders.find((o) => o.orderStatus === 'Active')?.numberOfCalls ?? 0,
  };
}
