import { Box, Tabs } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { usePermissions } from '../../lib/use-permissions';
import { visibleReportTabs } from './report-tabs';

/** The Reports area (docs/product/reports.md#tabs): breadcrumb, one tab per report the user may see, the tab's screen. */
export function ReportsPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = visibleReportTabs(usePermissions());
  const current = tabs.find((tab) => pathname.split('/')[3] === tab.key);
  return (
    <Box data-testid="reports-page">
      <PageHeader trail={[t`Home`, t`Reports`, ...(current ? [i18n._(current.label)] : [])]} heading={t`Reports`} />
      <Tabs.Root
        value={current?.key ?? null}
        onValueChange={(details) => void navigate(`/main/reports/${details.value}`)}
        variant="line"
        lazyMount
      >
        <Tabs.List mb="6">
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.key} value={tab.key} data-testid={`reports-tab-${tab.key}`}>
              {i18n._(tab.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {current ? (
          <Tabs.Content value={current.key} p="0">
            <Outlet />
          </Tabs.Content>
        ) : (
          <Outlet />
        )}
      </Tabs.Root>
    </Box>
  );
}
