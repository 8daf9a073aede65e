import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useDeferredValue, type ReactNode } from 'react';
import { useGetDashboardKpiQuery, useListYearlyResultsQuery } from '../../api/generated/project-service';
import { QueryFailure } from '../../components/feedback/load-failure';
import { LoadingState } from '../../components/feedback/loading-state';
import { PageHeader } from '../../components/layout/page-header';
import { useUserInfo } from '../../lib/use-user-info';
import { useOperatingTenant } from '../../state/use-operating-tenant';
import { KpiTiles } from './kpi-tiles';
import { OrderDoughnutCard } from './order-doughnut-card';
import { ProjectActivityCard } from './project-activity-card';

/**
 * `/main/dashboard` (docs/product/dashboard.md#route): KPI tiles, current-order doughnut, Project Activity, then the project list, which
 * belongs to the projects feature and is handed in by the route table (app/router.tsx).
 */
export function DashboardPage({ projectList }: { projectList: ReactNode }) {
  const { t } = useLingui();
  const userInfo = useUserInfo();
  const operatingTenant = useOperatingTenant();
  if (!userInfo || !operatingTenant) return <LoadingState />;

  const fullName = `${userInfo.firstName} ${userInfo.lastName}`.trim();
  const tenantName = operatingTenant.tenantName;
  return (
    <Box data-testid="dashboard-page">
      <PageHeader trail={[t`Dashboard`]} heading={<Trans>Welcome, {fullName}</Trans>} />
      <Text color="fg.muted" mb="6">
        <Trans>You are working in {tenantName}.</Trans>
      </Text>
      <Stack gap="6">
        <DashboardFigures tenantId={operatingTenant.tenantId} />
        {projectList}
      </Stack>
    </Box>
  );
}

// Rendered again only when their figures change (the figures arrive deferred, below).
const Tiles = memo(KpiTiles);
const OrderDoughnut = memo(OrderDoughnutCard);
const ProjectActivity = memo(ProjectActivityCard);

/**
 * The tiles and both chart cards render from the first paint with their final size (labels, headings and
 * fixed-height chart frames), whatever the calls' progress, so the project list below never moves (issue 10).
 * The figures reach them in a transition: rendered in slices the browser interleaves with input and painting,
 * rather than in the one long task of each answer's arrival (issue 29).
 */
function DashboardFigures({ tenantId }: { tenantId: number }) {
  const kpiQuery = useGetDashboardKpiQuery({ tenantId }, { refetchOnMountOrArgChange: true });
  const yearlyQuery = useListYearlyResultsQuery(undefined, { refetchOnMountOrArgChange: true });
  const kpi = useDeferredValue(kpiQuery.data);
  const yearly = useDeferredValue(yearlyQuery.data);
  return (
    <>
      {kpiQuery.error ? <QueryFailure query={kpiQuery} testId="dashboard-kpi-error" /> : <Tiles kpi={kpi} />}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="6">
        {kpiQuery.error ? null : <OrderDoughnut kpi={kpi} />}
        {yearlyQuery.error ? (
          <QueryFailure query={yearlyQuery} testId="dashboard-yearly-error" />
        ) : (
          <ProjectActivity months={yearly} />
        )}
      </Grid>
    </>
  );
}
