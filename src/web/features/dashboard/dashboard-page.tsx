import { Box } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useDeferredValue, type ReactNode } from 'react';
import { useGetDashboardKpiQuery, useListYearlyResultsQuery } from '../../api/generated/project-service';
import { QueryFailure } from '../../components/feedback/load-failure';
import { LoadingState } from '../../components/feedback/loading-state';
import { PageHeader } from '../../components/layout/page-header';
import { useUserInfo } from '../../lib/use-user-info';
import { useOperatingTenant } from '../../state/use-operating-tenant';
import { AfterFirstPaint } from './after-first-paint';
import { KpiTiles } from './kpi-tiles';
import { OrderDoughnutCard } from './order-doughnut-card';
import { ProjectActivityCard } from './project-activity-card';

/**
 * The page's look: one class and plain elements styled by their part (a Chakra text, stack and grid were part of the
 * dashboard's first commit, ADR 0136). The charts' row is one column on a phone, two from Chakra's `lg` breakpoint.
 */
const PAGE_STYLES = {
  '& > [data-part=tenant]': { color: 'fg.muted', mb: '6' },
  '& > [data-part=sections]': { display: 'flex', flexDirection: 'column', gap: '6' },
  '& > [data-part=sections] > [data-part=charts]': {
    display: 'grid',
    gap: '6',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' },
  },
} as const;

/**
 * `/main/dashboard` (docs/product/dashboard.md#route): KPI tiles, current-order doughnut, Project Activity, then the project list, which
 * belongs to the projects feature and is handed in by the route table (app/router.tsx). The list renders after the
 * figures' first paint (AfterFirstPaint).
 */
export function DashboardPage({ projectList }: { projectList: ReactNode }) {
  const { t } = useLingui();
  const userInfo = useUserInfo();
  const operatingTenant = useOperatingTenant();
  if (!userInfo || !operatingTenant) return <LoadingState />;

  const fullName = `${userInfo.firstName} ${userInfo.lastName}`.trim();
  const tenantName = operatingTenant.tenantName;
  return (
    <Box css={PAGE_STYLES} data-testid="dashboard-page">
      <PageHeader trail={[t`Dashboard`]} heading={<Trans>Welcome, {fullName}</Trans>} />
      <p data-part="tenant">
        <Trans>You are working in {tenantName}.</Trans>
      </p>
      <div data-part="sections">
        <DashboardFigures tenantId={operatingTenant.tenantId} />
        <AfterFirstPaint>{projectList}</AfterFirstPaint>
      </div>
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
      <div data-part="charts">
        {kpiQuery.error ? null : <OrderDoughnut kpi={kpi} />}
        {yearlyQuery.error ? (
          <QueryFailure query={yearlyQuery} testId="dashboard-yearly-error" />
        ) : (
          <ProjectActivity months={yearly} />
        )}
      </div>
    </>
  );
}
