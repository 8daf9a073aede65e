import { useLingui } from '@lingui/react/macro';
import { Chart } from './chart';
import { doughnutData } from './doughnut-data';
import { RISK_CLASSES, RISK_COLOURS, type RiskClass } from './risk-classes';
import { RISK_LABELS } from './risk-labels';

interface RiskDoughnutProps {
  counts: Readonly<Record<RiskClass, number>>;
  /** "No-Calls" or "No-Interviews": the single slice when every count is zero. */
  emptyLabel: string;
  /** The centre: a label and its value (e.g. Completed / 42%, Calls Completed / 1,234). */
  centre: { label: string; value: string };
  caption: string;
  height: number;
  testId?: string;
}

/** A doughnut of the five chart risk classes in their colours, with the single empty slice when all are zero. */
export function RiskDoughnut({ counts, emptyLabel, centre, caption, height, testId }: RiskDoughnutProps) {
  const { i18n } = useLingui();
  const data = doughnutData(
    RISK_CLASSES.map((risk) => ({ label: i18n._(RISK_LABELS[risk]), value: counts[risk], colour: RISK_COLOURS[risk] })),
    emptyLabel,
  );
  return (
    <Chart
      type="donut"
      height={height}
      series={data.series}
      testId={testId}
      options={{
        labels: data.labels,
        colors: data.colours,
        dataLabels: { enabled: false },
        tooltip: { enabled: !data.empty },
        states: data.empty ? { hover: { filter: { type: 'none' } }, active: { filter: { type: 'none' } } } : {},
        legend: { position: 'bottom' },
        stroke: { width: 1 },
        plotOptions: {
          pie: {
            donut: {
              size: '68%',
              labels: {
                show: true,
                name: { show: true },
                value: { show: true },
                total: { show: true, showAlways: true, label: centre.label, formatter: () => centre.value },
              },
            },
          },
        },
      }}
      summary={{
        caption,
        rows: [
          { label: centre.label, value: centre.value },
          ...(data.empty
            ? [{ label: emptyLabel, value: 0 }]
            : data.labels.map((label, i) => ({ label, value: data.series[i]! }))),
        ],
      }}
    />
  );
}
