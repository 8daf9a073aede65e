import { useMemo } from 'react';
import { useGetProjectPermissionsQuery } from '../../api/generated/user-service';
import { usePermissions } from '../../lib/use-permissions';
import { withExtraPermissions, type Permissions } from '../../lib/permissions';

/**
 * The user's permissions merged with those the project grants them (docs/product/project-page.md#project-permissions: fetched per project and
 * merged); `isLoading` until the project's arrive.
 */
export function useProjectPermissions(projectId: number): { permissions: Permissions; isLoading: boolean } {
  const base = usePermissions();
  const { data, isLoading } = useGetProjectPermissionsQuery({ projectId });
  const permissions = useMemo(
    () =>
      withExtraPermissions(
        base,
        data?.role_permissions.flatMap((role) => role.permissions.map((p) => p.permission)) ?? [],
      ),
    [base, data],
  );
  return { permissions, isLoading };
}
