import type { Permissions } from '../../../lib/permissions';
import type { ProjectFormAccess } from './project-form-values';
import { PERMISSION } from '../../../../shared/permissions';

/**
 * What a user may see and change on the project form (docs/product/project-form.md#permissions;
 * docs/product/project-form.md#console).
 */
export function projectFormAccess(permissions: Permissions, editing: boolean): ProjectFormAccess {
  return {
    editing,
    canSave: permissions.has(
      editing ? PERMISSION.TENANT_PROJECT_DETAIL_UPDATE : PERMISSION.TENANT_PROJECT_DETAIL_CREATE,
    ),
    internalRead: permissions.has(PERMISSION.TENANT_PROJECT_DETAIL_INTERNAL_READ),
    internalUpdate: permissions.has(PERMISSION.TENANT_PROJECT_DETAIL_INTERNAL_UPDATE),
    passwordRead: permissions.has(PERMISSION.TENANT_PROJECT_DETAILS_FILE_PASSWORD_READ),
    resultConfigRead: permissions.has(PERMISSION.TENANT_RESULT_CONFIG_READ),
    systemTenant: permissions.isSystemTenant,
  };
}
