import type { Permissions } from '../../../lib/permissions';
import { PERMISSION } from '../../../../shared/permissions';

/** The role that always opens the project page (docs/product/project-list.md#link-target). */
export const TENANT_SUPPORT_ROLE = 'Tenant Support';
const EXECUTION_SEQUENCE = 3;
const COMPLETE_SEQUENCE = 4;

/**
 * Where a project card's name leads (docs/product/project-list.md#link-target): at stage sequence 3 or 4 to results with
 * tenant.project.results.read, else to participants with tenant.project.participants.read, else the project
 * page; at any other stage the project page. The role named Tenant Support always goes to the project page.
 */
export function projectLinkTarget(
  projectId: number,
  stageSequence: number | null,
  permissions: Pick<Permissions, 'has' | 'roleName'>,
): string {
  const page = `/main/project/${projectId}`;
  if (permissions.roleName === TENANT_SUPPORT_ROLE) return page;
  if (stageSequence !== EXECUTION_SEQUENCE && stageSequence !== COMPLETE_SEQUENCE) return page;
  if (permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_READ)) return `${page}/results`;
  if (permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ)) return `${page}/participants`;
  return page;
}
