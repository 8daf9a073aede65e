import { Box, VisuallyHidden } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import ReactApexChart from 'react-apexcharts/core';
import 'apexcharts/bar';
import 'apexcharts/donut';
import 'apexcharts/features/legend';

export interface ChartSummaryRow {
  label: string;
  value: number | string;
}

interface ChartProps {
  type: 'bar' | 'donut';
  series: ApexOptions['series'];
  options: ApexOptions;
  height: number;
  /** What the chart shows, as text for screen readers (and for tests, which do not draw SVG). */
  summary: { caption: string; rows: readonly ChartSummaryRow[] };
  testId?: string;
}

/**
 * The console's one chart component (ApexCharts through react-apexcharts' tree-shaken core, with the bar and
 * donut types and the legend only). Only screens of lazy routes import it, so ApexCharts loads with them and
 * never with the entry chunk. Text follows the colour mode through currentColor.
 */
export function Chart({ type, series, options, height, summary, testId }: ChartProps) {
  const merged: ApexOptions = {
    ...options,
    chart: {
      fontFamily: 'inherit',
      foreColor: 'currentColor',
      toolbar: { show: false },
      animations: { enabled: false },
      background: 'transparent',
      // The chart is aria-hidden behind the table below: its own focusable SVG and legend buttons would be
      // focus stops that no screen reader can name.
      accessibility: { enabled: false },
      ...options.chart,
    },
  };
  return (
    <Box data-testid={testId} color="fg" aria-hidden={false}>
      <Box aria-hidden>
        <ReactApexChart type={type} series={series} options={merged} height={height} />
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{summary.caption}</caption>
          <tbody>
            {summary.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
