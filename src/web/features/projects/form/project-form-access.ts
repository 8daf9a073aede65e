import type { Permissions } from '../../../lib/permissions';
import type { ProjectFormAccess } from './project-form-values';

/** What a user may see and change on the project form (001 §6; docs/product/project-form.md#console). */
export function projectFormAccess(permissions: Permissions, editing: boolean): ProjectFormAccess {
  return {
    editing,
    canSave: permissions.has(editing ? 'tenant.project.detail.update' : 'tenant.project.detail.create'),
    internalRead: permissions.has('tenant.project.detail.internal.read'),
    internalUpdate: permissions.has('tenant.project.detail.internal.update'),
    passwordRead: permissions.has('tenant.project.details.file.password.read'),
    resultConfigRead: permissions.has('tenant.result.config.read'),
    systemTenant: permissions.isSystemTenant,
  };
}
