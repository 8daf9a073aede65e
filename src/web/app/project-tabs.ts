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
    permission: 'tenant.project.detail.read',
    routes: projectDetailsRoutes,
  },
  { key: 'team', path: 'team', label: msg`Team`, permission: 'tenant.project.team.read', routes: projectTeamRoutes },
  {
    key: 'participants',
    path: 'participants',
    label: msg`Participants`,
    permission: 'tenant.project.participants.read',
    closedInSetup: true,
    routes: participantsRoutes,
  },
  {
    key: 'questions',
    path: 'questions',
    label: msg`Questions`,
    permission: 'tenant.project.questions.read',
    routes: projectQuestionsRoutes,
  },
  {
    key: 'results',
    path: 'results',
    label: msg`Results`,
    permission: 'tenant.project.results.read',
    routes: interviewResultsRoutes,
  },
  {
    key: 'accesscode',
    path: 'accesscode',
    label: msg`Access Codes`,
    permission: 'tenant.project.accesscode.read',
    routes: accessCodesRoutes,
  },
  {
    key: 'communication',
    path: 'communication',
    label: msg`Communication`,
    permission: 'tenant.project.communication.read',
    routes: projectCommunicationRoutes,
  },
];
