import { Navigate } from 'react-router';
import { NotFoundPage } from '../../components/errors/not-found-page';
import { usePermissions } from '../../lib/use-permissions';
import { visibleReportTabs, type ReportTab } from './report-tabs';

/** /main/reports and unknown report paths: the first tab the user may see, else "No Page Found". */
export function FirstReportTab() {
  const first = visibleReportTabs(usePermissions())[0];
  return first ? <Navigate to={`/main/reports/${first.key}`} replace /> : <NotFoundPage />;
}

/** A tab's screen for a user who may see it; anyone else goes to their first tab. */
export function ReportTabGate({ tab, Screen }: { tab: ReportTab; Screen: React.ComponentType }) {
  return tab.isVisible(usePermissions()) ? <Screen /> : <FirstReportTab />;
}
