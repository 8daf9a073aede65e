import { Navigate } from 'react-router';
import { NotFoundPage } from '../../components/errors/not-found-page';
import { usePermissions } from '../../lib/use-permissions';
import { visibleAdminTabs } from './admin-tabs';

/** Sends /main/admin and unknown admin paths to the first tab the user may read. */
export function FirstAdminTab() {
  const first = visibleAdminTabs(usePermissions())[0];
  return first ? <Navigate to={`/main/admin/${first.key}`} replace /> : <NotFoundPage />;
}
