import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGetDashboardKpiQuery, useListYearlyResultsQuery } from '../../api/generated/project-service';
import { QueryFailure } from '../../components/feedback/load-failure';
import { LoadingState } from '../../components/feedback/loading-state';
import { PageHeader } from '../../components/layout/page-header';
import { useAppSelector } from '../../state/hooks';
import { KpiTiles } from './kpi-tiles';
import { OrderDoughnutCard } from './order-doughnut-card';
import { ProjectActivityCard } from './project-activity-card';
import { ProjectList } from './project-list';
import { useFreshData } from './use-fresh-data';

/** `/main/dashboard` (000 §2): KPI tiles, current-order doughnut, Project Activity, then the project list. */
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
      <Text color="fg.muted" mb="6">
        <Trans>You are working in {tenantName}.</Trans>
      </Text>
      {/* Keyed by tenant: a switch remounts the figures, which then show only the new tenant's answers. */}
      <DashboardFigures key={operatingTenant.tenantId} tenantId={operatingTenant.tenantId} />
    </Box>
  );
}

function DashboardFigures({ tenantId }: { tenantId: number }) {
  const kpiQuery = useGetDashboardKpiQuery({ tenantId }, { refetchOnMountOrArgChange: true });
  const yearlyQuery = useListYearlyResultsQuery(undefined, { refetchOnMountOrArgChange: true });
  const kpi = useFreshData(kpiQuery);
  const yearly = useFreshData(yearlyQuery);
  return (
    <Stack gap="6">
      {kpiQuery.error ? (
        <QueryFailure query={kpiQuery} testId="dashboard-kpi-error" />
      ) : kpi ? (
        <KpiTiles kpi={kpi} />
      ) : (
        <LoadingState />
      )}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="6">
        {kpi ? <OrderDoughnutCard kpi={kpi} /> : null}
        {yearlyQuery.error ? (
          <QueryFailure query={yearlyQuery} testId="dashboard-yearly-error" />
        ) : yearly ? (
          <ProjectActivityCard months={yearly} />
        ) : (
          <LoadingState />
        )}
      </Grid>
      <ProjectList heading />
    </Stack>
  );
}
