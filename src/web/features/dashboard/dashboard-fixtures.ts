import type {
  DashboardKpi,
  ProjectAttribute,
  ProjectCard,
  YearlyResult,
} from '../../api/generated/project-service';
import type { StubHandler } from '../../testing/fetch-stub';

/** Contract-shaped answers of the dashboard and project-list calls for component tests. */
export const DASHBOARD_PATHS = {
  getDashboardKpi: 'POST /api/project-service/v1/project/dashboard/kpi',
  listYearlyResults: 'GET /api/project-service/v1/project/results/yearly',
  listProjectAttributes: 'GET /api/project-service/v1/project/attributes',
  listProjectCards: 'GET /api/project-service/v1/project/projectListNew',
} as const;

export const kpi = (overrides: Partial<DashboardKpi> = {}): DashboardKpi => ({
  active_project_count: 3,
  completed_project_count: 1,
  total_life_time_completed_interview: 1234,
  total_completed_interview: 67,
  total_number_of_calls: 200,
  hr_count: 7,
  pr_count: 10,
  ar_count: 15,
  lr_count: 30,
  nc_count: 5,
  ...overrides,
});

export const yearly = (): YearlyResult[] =>
  ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'].map(
    (month, index) => ({ month, count: index * 10 }),
  );

const attribute = (attributeType: 'STATUS' | 'STAGE', attributeId: number, description: string): ProjectAttribute => ({
  attributeId,
  attributeType,
  description,
  sequence: attributeId,
  languageId: 1,
});

export const STAGES = [
  attribute('STAGE', 1, 'Setup'),
  attribute('STAGE', 2, 'Testing'),
  attribute('STAGE', 3, 'Execution'),
  attribute('STAGE', 4, 'Complete'),
];
export const ATTRIBUTES = [...STAGES, attribute('STATUS', 1, 'Active'), attribute('STATUS', 2, 'Inactive')];

export const projectCard = (overrides: Partial<ProjectCard> = {}): ProjectCard => ({
  projectId: 11,
  name: 'Claims Integrity 2026',
  active: true,
  projectStatusId: 1,
  projectStageId: 3,
  overallHrCount: 4,
  overallPrCount: 3,
  overallArCount: 2,
  overallLrCount: 10,
  overallNcCount: 1,
  totalLifeTimeCompletedInterview: 20,
  totalCompletedInterview: 8,
  totalPertinantQuestions: 2,
  questions: [
    { projectQuestionId: 101, sequence: 1, hrCount: 1, prCount: 2, arCount: 3, lrCount: 4, cmCount: 1, adCount: 1, ncCount: 0 },
    { projectQuestionId: 102, sequence: 2, hrCount: 0, prCount: 0, arCount: 1, lrCount: 9, cmCount: 0, adCount: 0, ncCount: 2 },
  ],
  projectLanguagesData: [{ value: 1, label: 'English' }],
  ...overrides,
});

/** A healthy dashboard: the KPI, twelve months, attributes and the given project cards. */
export const dashboardServer = (options: { kpi?: DashboardKpi; projects?: ProjectCard[] } = {}): Record<string, StubHandler> => ({
  [DASHBOARD_PATHS.getDashboardKpi]: { body: options.kpi ?? kpi() },
  [DASHBOARD_PATHS.listYearlyResults]: { body: yearly() },
  [DASHBOARD_PATHS.listProjectAttributes]: { body: { attributes: ATTRIBUTES } },
  [DASHBOARD_PATHS.listProjectCards]: { body: { projects: options.projects ?? [projectCard()], stages: STAGES } },
});
