import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardKpi } from '../../api/generated/project-service';
import { floorPercentage } from '../../components/charts/doughnut-data';
import { RiskDoughnut } from '../../components/charts/risk-doughnut';
import { ChartCard } from './chart-card';

/** The current order's completed calls by risk class, with the floor percentage of the order done. */
export function OrderDoughnutCard({ kpi }: { kpi: DashboardKpi }) {
  const { t } = useLingui();
  const percentage = floorPercentage(kpi.total_completed_interview, kpi.total_number_of_calls);
  return (
    <ChartCard testId="order-doughnut" title={<Trans>Current Order</Trans>}>
      <RiskDoughnut
        counts={{ hr: kpi.hr_count, pr: kpi.pr_count, ar: kpi.ar_count, lr: kpi.lr_count, nc: kpi.nc_count }}
        emptyLabel={t`No-Calls`}
        centre={{ label: t`Completed`, value: `${percentage}%` }}
        caption={t`Current order calls by risk`}
        height={300}
      />
    </ChartCard>
  );
}
