/** The calls the in-process profiles time (call-profile.ts, plan-mode-profile.ts), by name. */
import { daysAgo } from './results';

export type Call = [name: string, url: string, body: (ids: { tenantId: number; projectId: number }) => unknown];

const PARTICIPANTS = (projectId: number) => `/project-service/v1/project/${projectId}/participants`;
export const CALLS: Call[] = [
  ['dashboard-kpi', '/project-service/v1/project/dashboard/kpi?tenantId=:tenant', () => undefined],
  ['participants-first', 'participants', () => ({ page: 0, pageSize: 25 })],
  [
    'participants-search',
    'participants',
    () => ({
      page: 0,
      pageSize: 25,
      search: 'santos',
      participantStatus: ['INVITATION_SENT'],
      participantLanguageIds: [1],
    }),
  ],
  ['participants-code', 'participants', () => ({ page: 0, pageSize: 25, search: 'B10-A0000123' })],
  [
    'results-first',
    '/execution-service/v1/interview/results',
    ({ projectId }) => ({ projectId, page: 0, pageSize: 100 }),
  ],
  [
    'results-page-100',
    '/execution-service/v1/interview/results',
    ({ projectId }) => ({ projectId, page: 100, pageSize: 100 }),
  ],
  [
    // A whole IRN: the Results tab searches IRNs and names, not access codes (docs/product/project-results.md).
    'results-code',
    '/execution-service/v1/interview/results',
    ({ projectId }) => ({ projectId, page: 0, pageSize: 100, search: `B${projectId}-0000123` }),
  ],
  [
    'results-santos',
    '/execution-service/v1/interview/results',
    ({ projectId }) => ({ projectId, page: 0, pageSize: 100, search: 'santos' }),
  ],
  [
    'calls-30-days',
    '/execution-service/v1/call/directdial',
    () => ({ startDate: daysAgo(30), endDate: daysAgo(0), pageSize: 10 }),
  ],
  [
    'calls-prefix',
    '/execution-service/v1/call/directdial',
    ({ projectId }) => ({ startDate: daysAgo(30), endDate: daysAgo(0), pageSize: 10, search: `B${projectId}-A00001` }),
  ],
  [
    'calls-code',
    '/execution-service/v1/call/directdial',
    ({ projectId }) => ({
      startDate: daysAgo(400),
      endDate: daysAgo(0),
      pageSize: 10,
      search: `B${projectId}-A0000123`,
    }),
  ],
  [
    'report-page-1000',
    '/execution-service/v1/interview/results/report',
    ({ tenantId }) => ({ tenantId, startDate: daysAgo(400), endDate: daysAgo(0), pageSize: 25, page: 1000 }),
  ],
  [
    'report-prefix',
    '/execution-service/v1/interview/results/report',
    ({ tenantId, projectId }) => ({
      tenantId,
      startDate: daysAgo(30),
      endDate: daysAgo(0),
      pageSize: 25,
      search: `B${projectId}-A00001`,
    }),
  ],
  [
    'report-code',
    '/execution-service/v1/interview/results/report',
    ({ tenantId, projectId }) => ({
      tenantId,
      startDate: daysAgo(400),
      endDate: daysAgo(0),
      pageSize: 25,
      search: `B${projectId}-A0000123`,
    }),
  ],
  [
    'report-santos',
    '/execution-service/v1/interview/results/report',
    ({ tenantId }) => ({ tenantId, startDate: daysAgo(30), endDate: daysAgo(0), pageSize: 25, search: 'santos' }),
  ],
];

/** The call's URL on the benchmark tenant. */
export const callUrl = (path: string, ids: { tenantId: number; projectId: number }) =>
  `/api${path === 'participants' ? PARTICIPANTS(ids.projectId) : path.replace(':tenant', String(ids.tenantId))}`;
