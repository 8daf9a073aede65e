import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../../components/errors/not-found-page';
import { PROJECT_TABS } from './project-tabs';

/** The project list with its heading, as the dashboard shows it below its figures. */
export const loadDashboardProjectList = async (): Promise<ComponentType> => {
  const { ProjectList } = await import(/* webpackChunkName: "project-list" */ './list/project-list');
  return function DashboardProjectList() {
    return <ProjectList heading />;
  };
};

/**
 * `/main/project` (the project list), `/main/project/createProject` (the project form) and /main/project/{projectId} and its tabs (docs/product/project-page.md#tabs). A tab of the route table whose screen is not built yet leads to
 * the first tab the user may use; any other path is "No Page Found".
 */
export const projectRoutes: RouteObject[] = [
  {
    path: 'project',
    lazy: async () => {
      const { ProjectsPage } = await import(/* webpackChunkName: "projects" */ './list/projects-page');
      return { Component: ProjectsPage };
    },
  },
  {
    // The create route (001 §2; clone with `_C` and `_ID`): a literal path, so `:projectId` never captures it.
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
      return { Component: ProjectPage };
    },
    children: [
      {
        // The Details tab (the project form) at the base path; without its permission, the first tab offered.
        index: true,
        lazy: async () => {
          const { ProjectDetailsTab } = await import(/* webpackChunkName: "project-form" */ './form/project-form-page');
          return { Component: ProjectDetailsTab };
        },
      },
      ...PROJECT_TABS.filter((tab) => !tab.built && tab.path !== '').map((tab): RouteObject => ({
        path: tab.path,
        lazy: async () => {
          const { FirstProjectTab } = await import(/* webpackChunkName: "project" */ './project-page');
          return { Component: FirstProjectTab };
        },
      })),
      {
        path: 'team',
        lazy: async () => {
          const { TeamTab } = await import(/* webpackChunkName: "project-team" */ './team/team-tab');
          return { Component: TeamTab };
        },
      },
      {
        path: 'participants',
        lazy: async () => {
          const { ParticipantsTab } = await import(
            /* webpackChunkName: "project-participants" */ './participants/participants-tab'
          );
          return { Component: ParticipantsTab };
        },
      },
      ...['participants/add', 'participants/edit/:id'].map((path): RouteObject => ({
        path,
        lazy: async () => {
          const { ParticipantFormPage } = await import(
            /* webpackChunkName: "project-participant-form" */ './participants/participant-form-page'
          );
          return { Component: ParticipantFormPage };
        },
      })),
      {
        path: 'questions',
        lazy: async () => {
          const { QuestionsTab } = await import(
            /* webpackChunkName: "project-questions" */ './questions/questions-tab'
          );
          return { Component: QuestionsTab };
        },
      },
      {
        path: 'results',
        lazy: async () => {
          const { ResultsTab } = await import(/* webpackChunkName: "project-results" */ './results/results-tab');
          return { Component: ResultsTab };
        },
      },
      {
        // 002 §2.1 `results/resultdetail:{name}`: react-router matches whole segments, so the page reads the prefix.
        path: 'results/:detail',
        lazy: async () => {
          const { ResultDetailPage } = await import(
            /* webpackChunkName: "project-results" */ './results/result-detail-page'
          );
          return { Component: ResultDetailPage };
        },
      },
      {
        path: 'accesscode',
        lazy: async () => {
          const { AccessCodesTab } = await import(
            /* webpackChunkName: "project-access-codes" */ './access-codes/access-codes-tab'
          );
          return { Component: AccessCodesTab };
        },
      },
      {
        path: 'communication',
        lazy: async () => {
          const { CommunicationTab } = await import(
            /* webpackChunkName: "project-communication" */ './communication/communication-tab'
          );
          return { Component: CommunicationTab };
        },
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
