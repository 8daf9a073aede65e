import { Box, Tabs } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { usePermissions } from '../../lib/use-permissions';
import { useBuiltAdminTabs, visibleAdminTabs } from './admin-tabs';

/** The admin area (docs/product/admin-accounts.md#admin-area): breadcrumb, one tab per admin screen the user may read, the tab's screen. */
export function AdminPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = visibleAdminTabs(usePermissions(), useBuiltAdminTabs());
  const current = tabs.find((tab) => pathname.split('/')[3] === tab.key);
  return (
    <Box data-testid="admin-page">
      <PageHeader trail={[t`Home`, t`Admin`, ...(current ? [i18n._(current.label)] : [])]} heading={t`Admin`} />
      <Tabs.Root
        value={current?.key ?? null}
        onValueChange={(details) => void navigate(`/main/admin/${details.value}`)}
        variant="line"
      >
        <Tabs.List mb="6">
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.key} value={tab.key} data-testid={`admin-tab-${tab.key}`}>
              {i18n._(tab.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* The tab's screen is its panel, so the selected tab's aria-controls points at an element that exists. */}
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
