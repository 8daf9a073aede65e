import { useLingui } from '@lingui/react/macro';
import type { ProjectDetail } from '../../../api/generated/project-service';
import type { Permissions } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/use-user-info';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { questionApproveLock, questionEditLock, type QuestionLock } from '../../../../shared/question-rules';
import { PERMISSION } from '../../../../shared/permissions';

export interface QuestionAccess {
  canAdd: boolean;
  canSave: boolean;
  canDelete: boolean;
  canApprove: boolean;
  /** Why questions cannot change (null: they can, as far as the locks go). */
  editLockReason: string | null;
  approveLockReason: string | null;
}

/**
 * What the user may do with the questions: their permissions (docs/product/project-questions.md#permissions)
 * and the locks of src/shared/question-rules.ts (#locks), which the server enforces as well.
 */
export function useQuestionAccess(
  project: ProjectDetail,
  permissions: Permissions,
  questionsApproved: boolean,
): QuestionAccess {
  const { t } = useLingui();
  const userInfo = useUserInfo();
  const operatingTenantId = useOperatingTenantId();
  const context = {
    stageSequence: project.stageSequence,
    questionsApproved,
    userIsSystemTenant: permissions.isSystemTenant,
    // There is one system tenant: the home tenant of its users.
    operatingTenantIsSystem: permissions.isSystemTenant && userInfo?.tenant.tenantId === operatingTenantId,
    roleName: permissions.roleName,
  };
  const reason = (lock: QuestionLock | null, approving = false) =>
    lock === null
      ? null
      : lock === 'EXECUTION_STAGE'
        ? t`Questions are not editable when a project enters execution stage.`
        : approving
          ? t`Questions are already approved.`
          : t`Questions are approved and can no longer be changed.`;
  const editLock = questionEditLock(context);
  const approveLock = questionApproveLock(context);
  return {
    canAdd: permissions.has(PERMISSION.TENANT_PROJECT_QUESTIONS_CREATE) && editLock === null,
    canSave:
      permissions.hasAny([
        PERMISSION.TENANT_PROJECT_QUESTIONS_UPDATE,
        PERMISSION.TENANT_PROJECT_QUESTIONS_INTERNAL_UPDATE,
      ]) && editLock === null,
    canDelete: permissions.has(PERMISSION.TENANT_PROJECT_QUESTIONS_DELETE) && editLock === null,
    canApprove: permissions.has(PERMISSION.TENANT_PROJECT_QUESTIONS_APPROVE_UPDATE) && approveLock === null,
    editLockReason: reason(editLock),
    approveLockReason: reason(approveLock, true),
  };
}
