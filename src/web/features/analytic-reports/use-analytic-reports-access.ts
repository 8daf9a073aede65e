import { useGetClientConfigurationQuery } from '../../api/generated/user-service';
import { usePermissions } from '../../lib/use-permissions';

/**
 * Whether the user may see Analytic Reports (docs/product/analytic-reports.md#page,
 * docs/product/analytic-reports.md#gate): the internal provider-administrator role (its name matched
 * case-insensitively, home in the system tenant) and the analyticReports feature flag on. The same rule as the sidebar
 * entry; the server applies it again (404 with the flag off, 403 otherwise).
 */
export function useAnalyticReportsAccess(): { loading: boolean; allowed: boolean } {
  const permissions = usePermissions();
  const configuration = useGetClientConfigurationQuery();
  const adminRole = configuration.data?.branding.adminRoleName.toLowerCase();
  return {
    loading: configuration.isLoading,
    allowed:
      configuration.data?.featureFlags.analyticReports === true &&
      permissions.isSystemTenant &&
      permissions.roleName !== null &&
      permissions.roleName.toLowerCase() === adminRole,
  };
}
