import { COMPLETED_EVALUATIONS, STAGE } from '../services/project-service';
import { TELCO_PROVIDERS } from '../../shared/telco-providers';
import { DEMO_QUESTIONS, DEMO_TENANTS } from './demo-data';
import { plannedOverallEvaluations, randomSource } from './interview-data';
import { demoProjectSeed } from './seed-demo-data';
import { SIMULATED_DEMOS } from './simulated-demos';
import { planCall } from './simulator/call-plan';

export interface DemoFigures {
  activeProjects: number;
  completedProjects: number;
  lifetimeCallsCompleted: number;
  /** Calls the tenant's current (Active) demo order buys. */
  orderCalls: number;
}

export interface DemoFiguresOptions {
  /**
   * The full demo seed (`npm start` on an empty database, `npm run seed`) also plays each account's simulated calls
   * (seed-simulated-calls.ts); the tests' template seed does not.
   */
  simulatedCalls?: boolean;
}

/**
 * The completed calls an account's simulated runs store: each run's plan replayed with its seed, every call
 * allowed (the seed test checks none is refused) and answering the project's demo questions.
 */
export function simulatedCompletedCalls(tenantName: string): number {
  const tenant = DEMO_TENANTS.find((t) => t.name === tenantName);
  let completed = 0;
  for (const run of SIMULATED_DEMOS.filter((d) => d.tenant === tenantName)) {
    const project = tenant?.projects.find((p) => p.name === run.project);
    if (!project) throw new Error(`No demo project ${run.project} in ${tenantName}`);
    const random = randomSource(run.seed);
    const call = {
      questionnaireType: project.questionnaireType ?? 'PRECISION_QUESTIONNAIRE',
      sequences: DEMO_QUESTIONS.map((_, i) => i + 1),
      carriers: TELCO_PROVIDERS.map((p) => p.key),
    };
    for (let n = 0; n < run.calls; n += 1) {
      const code = planCall(random, call).result?.overallEvaluation;
      if (code && (COMPLETED_EVALUATIONS as readonly string[]).includes(code)) completed += 1;
    }
  }
  return completed;
}

/**
 * The dashboard figures the demo seed gives a customer tenant, computed from the demo data alone (the seed is
 * deterministic), for tests that compare the running product with what was seeded.
 */
export function demoFigures(tenantName: string, tenantId: number, options: DemoFiguresOptions = {}): DemoFigures {
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
    lifetimeCallsCompleted: lifetime + (options.simulatedCalls ? simulatedCompletedCalls(tenantName) : 0),
    orderCalls: tenant.orders.find((o) => o.orderStatus === 'Active')?.numberOfCalls ?? 0,
  };
}
