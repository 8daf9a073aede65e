import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Chart } from './chart';
import { ChartLegend, type LegendEntry } from './chart-legend';
import { doughnutData, type DoughnutData } from './doughnut-data';
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

/** The legend's entries: the five classes, or the single empty slice (which cannot be hidden). */
const legendEntries = (data: DoughnutData): LegendEntry[] =>
  data.empty
    ? [{ key: 'empty', label: data.labels[0]!, colour: data.colours[0]! }]
    : RISK_CLASSES.map((risk, i) => ({ key: risk, label: data.labels[i]!, colour: data.colours[i]! }));

/**
 * A doughnut of the five chart risk classes in their colours, with the single empty slice when all are zero. Its
 * legend is HTML below the doughnut (ADR 0113): a class toggled off there is drawn as zero, as ApexCharts' own legend
 * did; the centre keeps its figure.
 */
export function RiskDoughnut({ counts, emptyLabel, centre, caption, height, testId }: RiskDoughnutProps) {
  const { i18n } = useLingui();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const data = doughnutData(
    RISK_CLASSES.map((risk) => ({ label: i18n._(RISK_LABELS[risk]), value: counts[risk], colour: RISK_COLOURS[risk] })),
    emptyLabel,
  );
  const toggle = (key: string) =>
    setHidden((before) => {
      const after = new Set(before);
      if (!after.delete(key)) after.add(key);
      return after;
    });
  const series = data.empty ? data.series : data.series.map((value, i) => (hidden.has(RISK_CLASSES[i]!) ? 0 : value));
  return (
    <Chart
      type="donut"
      height={height}
      series={series}
      testId={testId}
      legend={<ChartLegend entries={legendEntries(data)} hidden={hidden} onToggle={data.empty ? undefined : toggle} />}
      options={{
        labels: data.labels,
        colors: data.colours,
        dataLabels: { enabled: false },
        tooltip: { enabled: !data.empty },
        states: data.empty ? { hover: { filter: { type: 'none' } }, active: { filter: { type: 'none' } } } : {},
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
