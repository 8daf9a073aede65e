import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Navigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../api/error-message';
import { useGetProjectQuery } from '../../../api/generated/project-service';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { LoadingState } from '../../../components/feedback/loading-state';
import { PageHeader } from '../../../components/layout/page-header';
import { clock } from '../../../lib/clock';
import type { Permissions } from '../../../lib/permissions';
import { usePermissions } from '../../../lib/use-permissions';
import { isCloneLinkValid } from '../../../../shared/project-rules';
import { testIds } from './test-ids';
import { useProjectContext } from '../../../lib/project-context';
import { FirstProjectTab } from '../project-page';
import { ProjectForm, PROJECT_LIST_PATH } from './project-form';
import { projectFormAccess } from './project-form-access';
import { useProjectFormLookups } from './use-project-form-lookups';
import { PERMISSION } from '../../../../shared/permissions';

/**
 * The lookups, then the form; a lookup failure shows the server's message in the one error alert
 * (docs/product/project-form.md#rules-and-messages).
 */
function LoadedProjectForm({
  permissions,
  ...props
}: Omit<Parameters<typeof ProjectForm>[0], 'access' | 'lookups' | 'canClone'> & { permissions: Permissions }) {
  const { t } = useLingui();
  const access = projectFormAccess(permissions, props.mode === 'edit');
  const lookups = useProjectFormLookups(access.resultConfigRead);
  if (lookups.failed)
    return (
      <ErrorAlert message={getErrorMessage(lookups.failed.error, t`Something went wrong`)} testId={testIds.error} />
    );
  if (!lookups.data) return <LoadingState />;
  return (
    <ProjectForm
      {...props}
      access={access}
      lookups={lookups.data}
      canClone={permissions.has(PERMISSION.TENANT_PROJECT_DETAIL_CREATE)}
    />
  );
}

/**
 * `/main/project/createProject` (docs/product/project-form.md#routes): a new project, or with `_C` (when the clone was
 * asked for, valid 10 minutes, else back to the list) and `_ID` (the source) a clone of a project of the operating
 * tenant.
 */
export function ProjectCreatePage() {
  const { t } = useLingui();
  const permissions = usePermissions();
  const [search] = useSearchParams();
  const cloneAt = search.get('_C');
  const sourceId = Number(search.get('_ID'));
  const cloning = cloneAt !== null;
  const validClone =
    cloning && isCloneLinkValid(Number(cloneAt), clock.now()) && Number.isInteger(sourceId) && sourceId > 0;
  const source = useGetProjectQuery({ id: sourceId }, { skip: !validClone });

  if (cloning && !validClone) return <Navigate to={PROJECT_LIST_PATH} replace />;
  const header = <PageHeader trail={[t`Projects`, t`New Project`]} heading={t`New Project`} />;
  if (!permissions.has(PERMISSION.TENANT_PROJECT_DETAIL_CREATE))
    return (
      <Box>
        {header}
        <ErrorAlert message={t`You do not have permission to create projects.`} testId={testIds.error} />
      </Box>
    );
  if (cloning && source.error)
    return (
      <Box>
        {header}
        <ErrorAlert message={getErrorMessage(source.error, t`Something went wrong`)} testId={testIds.error} />
      </Box>
    );
  if (cloning && !source.data) return <LoadingState />;
  return (
    <Box data-testid={testIds.createPage}>
      {header}
      <LoadedProjectForm
        key={cloning ? `clone-${sourceId}-${cloneAt}` : 'new'}
        permissions={permissions}
        project={source.data ?? null}
        mode={cloning ? 'clone' : 'create'}
      />
    </Box>
  );
}

/** The Details tab at the project's base path (docs/product/project-page.md#tabs): the project form for editing. */
export function ProjectDetailsTab() {
  const { project, permissions, tabs } = useProjectContext();
  if (!tabs.some((tab) => tab.key === 'details')) return <FirstProjectTab />;
  return <LoadedProjectForm permissions={permissions} project={project} mode="edit" />;
}
