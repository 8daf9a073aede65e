import { Navigate } from 'react-router';
import { NotFoundPage } from '../../components/errors/not-found-page';
import { usePermissions } from '../../lib/use-permissions';
import { firstReadableAdminTab } from './admin-tab-permissions';
import { useBuiltAdminTabs } from './admin-tabs';

/** Sends /main/admin and unknown admin paths to the first registered tab the user may read. */
export function FirstAdminTab() {
  const first = firstReadableAdminTab(usePermissions().has, useBuiltAdminTabs());
  return first ? <Navigate to={`/main/admin/${first}`} replace /> : <NotFoundPage />;
}
