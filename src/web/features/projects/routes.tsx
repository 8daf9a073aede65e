import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../errors/not-found-page';

/** /main/project/{projectId} and its tabs (002 §2.2); a tab's route exists once its screen does. */
export const projectRoutes: RouteObject[] = [
  {
    path: 'project/:projectId',
    lazy: async () => {
      const { ProjectPage } = await import(/* webpackChunkName: "project" */ './project-page');
      return { Component: ProjectPage };
    },
    children: [
      {
        index: true,
        lazy: async () => {
          const { FirstProjectTab } = await import(/* webpackChunkName: "project" */ './project-page');
          return { Component: FirstProjectTab };
        },
      },
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
