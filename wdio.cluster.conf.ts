import { config as base } from './wdio.conf';

/**
 * The cluster journeys (scripts/cluster-e2e.ts, ADR 0080): the existing journeys of sign-in, the project form,
 * participant import and bulk invite, intake through the simulator, results release and the PDF zip, and documents,
 * run unchanged against the load balancer in front of two instances.
 */
export const config: WebdriverIO.Config = {
  ...base,
  specs: [
    './test/e2e/journeys/sign-in.e2e.ts',
    './test/e2e/journeys/project-form.e2e.ts',
    './test/e2e/journeys/participants-import.e2e.ts',
    './test/e2e/journeys/participants-invite.e2e.ts',
    './test/e2e/journeys/call-simulator.e2e.ts',
    './test/e2e/journeys/project-results.e2e.ts',
    './test/e2e/journeys/results-downloads.e2e.ts',
    './test/e2e/journeys/documents.e2e.ts',
  ],
};
