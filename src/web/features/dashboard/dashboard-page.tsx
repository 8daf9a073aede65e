import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { getErrorMessage } from '../../api/error-message';
import { useGetDashboardKpiQuery, useListYearlyResultsQuery } from '../../api/generated/project-service';
import { LoadFailure } from '../../components/feedback/load-failure';
import { LoadingState } from '../../components/feedback/loading-state';
import { PageHeader } from '../../components/layout/page-header';
import { useAppSelector } from '../../state/hooks';
import { KpiTiles } from './kpi-tiles';
import { OrderDoughnutCard } from './order-doughnut-card';
import { ProjectActivityCard } from './project-activity-card';
import { ProjectList } from './project-list';

/** `/main/dashboard` (000 §2): KPI tiles, current-order doughnut, Project Activity, then the project list. */
export function DashboardPage() {
  const { t } = useLingui();
  const userInfo = useAppSelector((state) => state.admin.userInfo);
  const operatingTenant = useAppSelector((state) => state.tenancy.operatingTenant);
  const tenantId = operatingTenant?.tenantId;
  const kpi = useGetDashboardKpiQuery({ tenantId: tenantId ?? 0 }, { skip: tenantId === undefined });
  const yearly = useListYearlyResultsQuery(undefined, { skip: tenantId === undefined });
  if (!userInfo || !operatingTenant) return <LoadingState />;

  const fullName = `${userInfo.firstName} ${userInfo.lastName}`.trim();
  const tenantName = operatingTenant.tenantName;
  const failed = (error: unknown, retry: () => void, testId: string) => (
    <LoadFailure message={getErrorMessage(error, t`Something went wrong`)} onRetry={retry} testId={testId} />
  );

  return (
    <Box data-testid="dashboard-page">
      <PageHeader trail={[t`Dashboard`]} heading={<Trans>Welcome, {fullName}</Trans>} />
      <Text color="fg.muted" mb="6">
        <Trans>You are working in {tenantName}.</Trans>
      </Text>
      <Stack gap="6">
        {kpi.error ? (
          failed(kpi.error, () => void kpi.refetch(), 'dashboard-kpi-error')
        ) : kpi.data ? (
          <KpiTiles kpi={kpi.data} />
        ) : (
          <LoadingState />
        )}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="6">
          {kpi.data ? <OrderDoughnutCard kpi={kpi.data} /> : null}
          {yearly.error ? (
            failed(yearly.error, () => void yearly.refetch(), 'dashboard-yearly-error')
          ) : yearly.data ? (
            <ProjectActivityCard months={yearly.data} />
          ) : (
            <LoadingState />
          )}
        </Grid>
        <ProjectList heading />
      </Stack>
    </Box>
  );
}
