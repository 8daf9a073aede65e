/**
 * The demo accounts' simulated calls (docs/product/results-intake.md#simulator, ADR 0052): which project, how many
 * calls, which seed. Plain data, so demo-figures.ts (imported by the journeys) reads it without the server.
 */
/** A demo project whose calls come through the simulator (docs/product/results-intake.md#simulator, ADR 0052). */
export interface SimulatedDemo {
  tenant: string;
  project: string;
  email: string;
  /** Every intake post of the run carries it; a data log holding it means the run was played. */
  runId: string;
  calls: number;
  seed: number;
  /** Participants (in the list's order) left out before the first one called. */
  skipParticipants: number;
}

/**
 * Globex's run: its 70 participants from the 31st on, since `npm run simulate` (the call-simulator journey) calls
 * the first ones, which stay as the demo data made them.
 */
export const SIMULATED_DEMO: SimulatedDemo = {
  tenant: 'Globex Logistics',
  project: 'Driver Onboarding',
  email: 'dual@globex.test',
  runId: 'seed-demo-simulator',
  calls: 40,
  seed: 2026,
  skipParticipants: 30,
};

/**
 * Acme's run (issue 25: every demo account has calls in every report): its execution-stage project no journey reads
 * the demo participants of (the invitation journey adds its own), 16 of its 20 participants, none refused. The
 * dashboard figures count its results: demo-figures.ts replays the run's plan.
 */
export const ACME_SIMULATED_DEMO: SimulatedDemo = {
  tenant: 'Acme Insurance',
  project: 'Branch Audit Pilot',
  email: 'admin@acme.test',
  runId: 'seed-demo-simulator-acme',
  calls: 16,
  seed: 2025,
  skipParticipants: 0,
};

/** Every demo account's simulated calls, in the order the seed plays them. */
export const SIMULATED_DEMOS: readonly SimulatedDemo[] = [SIMULATED_DEMO, ACME_SIMULATED_DEMO];
