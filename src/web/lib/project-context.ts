import { useOutletContext } from 'react-router';
import type { ProjectDetail } from '../api/generated/project-service';
import type { Permissions } from './permissions';

/** Stage sequence of the setup stage, in which participants cannot be used yet (docs/product/project-page.md#tabs). */
export const SETUP_STAGE_SEQUENCE = 1;

/** A tab the project page offers the user, as its screens see it. */
export interface OfferedProjectTab {
  key: string;
  /** Relative to /main/project/{id}; '' is the base path. */
  path: string;
  /** Shown but not opened: the participants tab while the project is in the setup stage. */
  blockedInSetup: boolean;
}

/** What the project page hands the open tab: the loaded project, the user's merged permissions, the offered tabs. */
export interface ProjectContext {
  project: ProjectDetail;
  permissions: Permissions;
  tabs: OfferedProjectTab[];
}

/** The project page's context, read by the screen of each tab (features/<area> never import the project page). */
export const useProjectContext = () => useOutletContext<ProjectContext>();
