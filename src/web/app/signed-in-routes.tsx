import type { RouteObject } from 'react-router';
import { aboutRoutes } from '../features/about/routes';
import { adminRoutes } from '../features/admin/routes';
import { analyticReportsRoutes } from '../features/analytic-reports/routes';
import { analyticsDashboardRoutes } from '../features/analytics-dashboard/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { documentsRoutes } from '../features/documents/routes';
import { profileRoutes } from '../features/profile/routes';
import { reportsRoutes } from '../features/reports/routes';
import { loadDashboardProjectList, projectRoutes } from '../features/projects/routes';
import { PROJECT_TABS } from './project-tabs';

/**
 * The screens inside the shell, children of /main: the features' route objects (docs/product/README.md#routes). They
 * load with the shell's chunk and are patched into the route table on the first navigation under /main
 * (`patchRoutesOnNavigation`, ADR 0112), so the sign-in page does not carry them.
 */
export const signedInRoutes: RouteObject[] = [
  ...dashboardRoutes(loadDashboardProjectList),
  ...projectRoutes(PROJECT_TABS),
  ...profileRoutes,
  ...aboutRoutes,
  ...adminRoutes,
  ...documentsRoutes,
  ...reportsRoutes,
  ...analyticsDashboardRoutes,
  ...analyticReportsRoutes,
];
