import { msg } from '@lingui/core/macro';
import { accessCodesRoutes } from '../features/access-codes/routes';
import { interviewResultsRoutes } from '../features/interview-results/routes';
import { participantsRoutes } from '../features/participants/routes';
import type { ProjectTab } from '../features/projects/project-tabs';
import {
  projectCommunicationRoutes,
  projectDetailsRoutes,
  projectQuestionsRoutes,
  projectTeamRoutes,
} from '../features/projects/routes';
import { PERMISSION } from '../../shared/permissions';

/**
 * The tabs of the project page in the order of docs/product/project-page.md#tabs: each with the project
 * permission that shows it and the feature whose screens it opens. The project page renders them; the features
 * behind them never import one another.
 */
export const PROJECT_TABS: readonly ProjectTab[] = [
  {
    key: 'details',
    path: '',
    label: msg`Details`,
    permission: PERMISSION.TENANT_PROJECT_DETAIL_READ,
    routes: projectDetailsRoutes,
  },
  {
    key: 'team',
    path: 'team',
    label: msg`Team`,
    permission: PERMISSION.TENANT_PROJECT_TEAM_READ,
    routes: projectTeamRoutes,
  },
  {
    key: 'participants',
    path: 'participants',
    label: msg`Participants`,
    permission: PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ,
    closedInSetup: true,
    routes: participantsRoutes,
  },
  {
    key: 'questions',
    path: 'questions',
    label: msg`Questions`,
    permission: PERMISSION.TENANT_PROJECT_QUESTIONS_READ,
    routes: projectQuestionsRoutes,
  },
  {
    key: 'results',
    path: 'results',
    label: msg`Results`,
    permission: PERMISSION.TENANT_PROJECT_RESULTS_READ,
    routes: interviewResultsRoutes,
  },
  {
    key: 'accesscode',
    path: 'accesscode',
    label: msg`Access Codes`,
    permission: PERMISSION.TENANT_PROJECT_ACCESSCODE_READ,
    routes: accessCodesRoutes,
  },
  {
    key: 'communication',
    path: 'communication',
    label: msg`Communication`,
    permission: PERMISSION.TENANT_PROJECT_COMMUNICATION_READ,
    routes: projectCommunicationRoutes,
  },
];
