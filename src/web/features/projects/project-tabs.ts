import type { PermissionName } from '../../../shared/permissions';
import type { MessageDescriptor } from '@lingui/core';
import type { RouteObject } from 'react-router';
import { SETUP_STAGE_SEQUENCE, type OfferedProjectTab } from '../../lib/project-context';

/** One tab of the project page; the registry of them is composed in app/project-tabs.ts. */
export interface ProjectTab {
  /** `data-testid="project-tab-<key>"`. */
  key: string;
  /** Relative to /main/project/{id}; '' is the base path. */
  path: string;
  label: MessageDescriptor;
  /** The project permission that shows the tab. */
  permission: PermissionName;
  /** Shown but not opened while the project is in the setup stage (the participants tab). */
  closedInSetup?: boolean;
  /** The tab's screens, relative to /main/project/{id} (the base path's screen is an index route). */
  routes: RouteObject[];
}

export interface OfferedTab extends OfferedProjectTab {
  label: MessageDescriptor;
}

/** The tabs a user sees for a project: permitted, in the registry's order; some closed in the setup stage. */
export function offeredProjectTabs(
  has: (permission: PermissionName) => boolean,
  stageSequence: number | null,
  tabs: readonly ProjectTab[],
): OfferedTab[] {
  return tabs
    .filter((tab) => has(tab.permission))
    .map(({ key, path, label, closedInSetup }) => ({
      key,
      path,
      label,
      blockedInSetup: closedInSetup === true && stageSequence === SETUP_STAGE_SEQUENCE,
    }));
}
