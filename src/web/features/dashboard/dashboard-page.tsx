import { Box, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingState } from '../../components/feedback/loading-state';
import { PageHeader } from '../../components/layout/page-header';
import { useAppSelector } from '../../state/hooks';

/** `/main/dashboard`: the page frame; its KPI tiles and charts arrive with the dashboard issue. */
export function DashboardPage() {
  const { t } = useLingui();
  const userInfo = useAppSelector((state) => state.admin.userInfo);
  const operatingTenant = useAppSelector((state) => state.tenancy.operatingTenant);
  if (!userInfo || !operatingTenant) return <LoadingState />;

  const fullName = `${userInfo.firstName} ${userInfo.lastName}`.trim();
  const tenantName = operatingTenant.tenantName;
  return (
    <Box data-testid="dashboard-page">
      <PageHeader trail={[t`Dashboard`]} heading={<Trans>Welcome, {fullName}</Trans>} />
      <Text color="fg.muted">
        <Trans>You are working in {tenantName}.</Trans>
      </Text>
    </Box>
  );
}
