import type { RouteObject } from 'react-router';
import { REPORT_TABS } from './report-tabs';

// The tab gates read the user's permissions, so they load with the Reports area, not with the route table (ADR 0111).
const loadTabGates = () => import(/* webpackChunkName: "reports" */ './first-report-tab');
const firstReportTab = async () => ({ Component: (await loadTabGates()).FirstReportTab });

/** The Reports area under /main (docs/product/reports.md#routes): its shell, one route per registered tab. */
export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports',
    lazy: async () => ({
      Component: (await import(/* webpackChunkName: "reports" */ './reports-page')).ReportsPage,
    }),
    children: [
      { index: true, lazy: firstReportTab },
      ...REPORT_TABS.map((tab): RouteObject => ({
        path: tab.key,
        lazy: async () => {
          const [Screen, { ReportTabGate }] = await Promise.all([tab.load(), loadTabGates()]);
          return { Component: () => <ReportTabGate tab={tab} Screen={Screen} /> };
        },
      })),
      { path: '*', lazy: firstReportTab },
    ],
  },
];
