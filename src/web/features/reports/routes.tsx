import type { RouteObject } from 'react-router';
import { FirstReportTab, ReportTabGate } from './first-report-tab';
import { REPORT_TABS } from './report-tabs';

/** The Reports area under /main (docs/product/reports.md#routes): its shell, one route per registered tab. */
export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports',
    lazy: async () => ({
      Component: (await import(/* webpackChunkName: "reports" */ './reports-page')).ReportsPage,
    }),
    children: [
      { index: true, element: <FirstReportTab /> },
      ...REPORT_TABS.map((tab): RouteObject => ({
        path: tab.key,
        lazy: async () => {
          const Screen = await tab.load();
          return { Component: () => <ReportTabGate tab={tab} Screen={Screen} /> };
        },
      })),
      { path: '*', element: <FirstReportTab /> },
    ],
  },
];
