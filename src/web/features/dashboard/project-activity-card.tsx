import { Trans, useLingui } from '@lingui/react/macro';
import type { YearlyResult } from '../../api/generated/project-service';
import { Chart, ChartFrame } from '../../components/charts/chart';
import { formatMonthYear, formatWholeNumber } from '../../i18n/plain-format';
import { ChartCard } from './chart-card';

/** 'YYYY-MM' as a short month and year in the interface language ("Mar 2026", "mar 2026"), without Intl (ADR 0198). */
export const monthLabel = (month: string, locale: string): string => {
  const [year, monthNumber] = month.split('-').map(Number);
  return formatMonthYear(year!, monthNumber!, locale);
};

export const PROJECT_ACTIVITY_HEIGHT = 300;

/** "Project Activity": completed calls per month over the last 12 months; its frame while they load. */
export function ProjectActivityCard({ months }: { months: YearlyResult[] | undefined }) {
  const { t, i18n } = useLingui();
  if (!months) {
    return (
      <ChartCard testId="project-activity" title={<Trans>Project Activity</Trans>}>
        <ChartFrame height={PROJECT_ACTIVITY_HEIGHT} />
      </ChartCard>
    );
  }
  const categories = months.map((m) => monthLabel(m.month, i18n.locale));
  const callsLabel = t`Calls`;
  return (
    <ChartCard testId="project-activity" title={<Trans>Project Activity</Trans>}>
      <Chart
        type="bar"
        height={PROJECT_ACTIVITY_HEIGHT}
        series={[{ name: callsLabel, data: months.map((m) => m.count) }]}
        options={{
          xaxis: { categories },
          yaxis: { labels: { formatter: (value: number) => formatWholeNumber(Math.round(value), i18n.locale) } },
          colors: ['#3182CE'],
          dataLabels: { enabled: false },
          plotOptions: { bar: { borderRadius: 3, columnWidth: '55%' } },
          legend: { show: false },
        }}
        summary={{
          caption: t`Calls per month`,
          rows: months.map((m, i) => ({ label: categories[i]!, value: m.count })),
        }}
      />
    </ChartCard>
  );
}
