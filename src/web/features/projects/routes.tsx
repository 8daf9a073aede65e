import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../errors/not-found-page';
import { PROJECT_TABS } from './project-tabs';

/**
 * /main/project/{projectId} and its tabs (002 §2.2). A tab of the route table whose screen is not built yet leads to
 * the first tab the user may use; any other path is "No Page Found".
 */
export const projectRoutes: RouteObject[] = [
  {
    path: 'project/:projectId',
    lazy: async () => {
      const { ProjectPage } = await import(/* webpackChunkName: "project" */ './project-page');
      return { Component: ProjectPage };
    },
    children: [
      ...['', ...PROJECT_TABS.filter((tab) => !tab.built && tab.path !== '').map((tab) => tab.path)].map(
        (path): RouteObject => ({
          ...(path === '' ? { index: true } : { path }),
          lazy: async () => {
            const { FirstProjectTab } = await import(/* webpackChunkName: "project" */ './project-page');
            return { Component: FirstProjectTab };
          },
        }),
      ),
      {
        path: 'communication',
        lazy: async () => {
          const { CommunicationTab } = await import(/* webpackChunkName: "project-communication" */ './communication/communication-tab');
          return { Component: CommunicationTab };
        },
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
