import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardKpi } from '../../api/generated/project-service';
import { floorPercentage } from '../../components/charts/doughnut-data';
import { ChartFrame } from '../../components/charts/chart';
import { RiskDoughnut } from '../../components/charts/risk-doughnut';
import { ChartCard } from './chart-card';

export const ORDER_DOUGHNUT_HEIGHT = 300;

/**
 * The current order's completed calls by risk class, with the floor percentage of the order done. The card and
 * its chart frame show before the KPI call answers (kpi undefined).
 */
export function OrderDoughnutCard({ kpi }: { kpi: DashboardKpi | undefined }) {
  const { t } = useLingui();
  if (!kpi) {
    return (
      <ChartCard testId="order-doughnut" title={<Trans>Current Order</Trans>}>
        <ChartFrame height={ORDER_DOUGHNUT_HEIGHT} />
      </ChartCard>
    );
  }
  const percentage = floorPercentage(kpi.total_completed_interview, kpi.total_number_of_calls);
  return (
    <ChartCard testId="order-doughnut" title={<Trans>Current Order</Trans>}>
      <RiskDoughnut
        counts={{ hr: kpi.hr_count, pr: kpi.pr_count, ar: kpi.ar_count, lr: kpi.lr_count, nc: kpi.nc_count }}
        emptyLabel={t`No-Calls`}
        centre={{ label: t`Completed`, value: `${percentage}%` }}
        caption={t`Current order calls by risk`}
        height={ORDER_DOUGHNUT_HEIGHT}
      />
    </ChartCard>
  );
}
