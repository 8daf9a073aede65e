import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../../components/errors/not-found-page';
import type { ProjectTab } from './project-tabs';

/** The project list with its heading, as the dashboard shows it below its figures. */
export const loadDashboardProjectList = async (): Promise<ComponentType> => {
  const { ProjectList } = await import(/* webpackChunkName: "project-list" */ './list/project-list');
  return function DashboardProjectList() {
    return <ProjectList heading />;
  };
};

/** The Details tab (the project form) at the base path; without its permission, the first tab offered. */
export const projectDetailsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => {
      const { ProjectDetailsTab } = await import(/* webpackChunkName: "project-form" */ './form/project-form-page');
      return { Component: ProjectDetailsTab };
    },
  },
];

export const projectTeamRoutes: RouteObject[] = [
  {
    path: 'team',
    lazy: async () => {
      const { TeamTab } = await import(/* webpackChunkName: "project-team" */ './team/team-tab');
      return { Component: TeamTab };
    },
  },
];

export const projectQuestionsRoutes: RouteObject[] = [
  {
    path: 'questions',
    lazy: async () => {
      const { QuestionsTab } = await import(/* webpackChunkName: "project-questions" */ './questions/questions-tab');
      return { Component: QuestionsTab };
    },
  },
];

export const projectCommunicationRoutes: RouteObject[] = [
  {
    path: 'communication',
    lazy: async () => {
      const { CommunicationTab } = await import(
        /* webpackChunkName: "project-communication" */ './communication/communication-tab'
      );
      return { Component: CommunicationTab };
    },
  },
];

/**
 * `/main/project` (the project list), `/main/project/createProject` (the project form) and /main/project/{projectId}
 * with the tabs app/ composes (docs/product/project-page.md#tabs); any other path is "No Page Found".
 */
export const projectRoutes = (tabs: readonly ProjectTab[]): RouteObject[] => [
  {
    path: 'project',
    lazy: async () => {
      const { ProjectsPage } = await import(/* webpackChunkName: "projects" */ './list/projects-page');
      return { Component: ProjectsPage };
    },
  },
  {
    // The create route (docs/product/project-form.md#routes; clone with `_C` and `_ID`): a literal path, so
    // `:projectId` never captures it.
    path: 'project/createProject',
    lazy: async () => {
      const { ProjectCreatePage } = await import(/* webpackChunkName: "project-form" */ './form/project-form-page');
      return { Component: ProjectCreatePage };
    },
  },
  {
    path: 'project/:projectId',
    lazy: async () => {
      const { ProjectPage } = await import(/* webpackChunkName: "project" */ './project-page');
      return {
        Component: function ProjectPageWithTabs() {
          return <ProjectPage tabs={tabs} />;
        },
      };
    },
    children: [...tabs.flatMap((tab) => tab.routes), { path: '*', element: <NotFoundPage /> }],
  },
];
