import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Stage sequence of the setup stage, in which participants cannot be used yet (docs/product/project-page.md#tabs). */
export const SETUP_STAGE_SEQUENCE = 1;

export interface ProjectTab {
  key: 'details' | 'team' | 'participants' | 'questions' | 'results' | 'accesscode' | 'communication';
  /** Relative to /main/project/{id}; '' is the base path. */
  path: string;
  label: MessageDescriptor;
  permission: string;
  /** Whether the screen behind the tab is built; a tab without its screen is not offered (it would lead nowhere). */
  built: boolean;
}

/** The project tabs in the order of docs/product/project-page.md#tabs, each with the project permission that shows it. */
export const PROJECT_TABS: readonly ProjectTab[] = [
  { key: 'details', path: '', label: msg`Details`, permission: 'tenant.project.detail.read', built: true },
  { key: 'team', path: 'team', label: msg`Team`, permission: 'tenant.project.team.read', built: true },
  {
    key: 'participants',
    path: 'participants',
    label: msg`Participants`,
    permission: 'tenant.project.participants.read',
    built: true,
  },
  {
    key: 'questions',
    path: 'questions',
    label: msg`Questions`,
    permission: 'tenant.project.questions.read',
    built: true,
  },
  { key: 'results', path: 'results', label: msg`Results`, permission: 'tenant.project.results.read', built: true },
  {
    key: 'accesscode',
    path: 'accesscode',
    label: msg`Access Codes`,
    permission: 'tenant.project.accesscode.read',
    built: true,
  },
  {
    key: 'communication',
    path: 'communication',
    label: msg`Communication`,
    permission: 'tenant.project.communication.read',
    built: true,
  },
];

export interface OfferedTab extends ProjectTab {
  /** Set when the tab is shown but cannot be opened yet: the participants tab in the setup stage. */
  blockedInSetup: boolean;
}

/** The tabs a user sees for a project: built, permitted, in order; participants blocked in the setup stage. */
export function offeredProjectTabs(
  has: (permission: string) => boolean,
  stageSequence: number | null,
  tabs: readonly ProjectTab[] = PROJECT_TABS,
): OfferedTab[] {
  return tabs
    .filter((tab) => tab.built && has(tab.permission))
    .map((tab) => ({ ...tab, blockedInSetup: tab.key === 'participants' && stageSequence === SETUP_STAGE_SEQUENCE }));
}
