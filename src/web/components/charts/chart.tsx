import { Box, visuallyHiddenStyle } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, type ReactNode } from 'react';
import { useDrawTurn } from './draw-queue';
import { useInView } from './use-in-view';

// ApexCharts loads on demand, only once a chart nears the viewport: the screen's figures and text (its largest
// paint) do not wait for it, and the frame keeps its height meanwhile (ADR 0055).
const loadApexChart = () => import(/* webpackChunkName: "charts" */ './apex-chart');
const ApexChart = lazy(loadApexChart);

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
  /**
   * An HTML legend (`ChartLegend`) at the bottom of the frame, in place of ApexCharts' own (never drawn, ADR 0113):
   * the chart takes the frame's height less the legend's.
   */
  legend?: ReactNode;
  testId?: string;
}

/** The placeholder's look: Chakra's skeleton (pulse) filling the frame. */
const PLACEHOLDER_STYLES = {
  h: 'full',
  w: 'full',
  rounded: 'md',
  bg: 'bg.emphasized',
  animation: 'pulse',
  animationDuration: '1.2s',
} as const;

const FRAME_STYLES = { '& > [data-part=placeholder]': PLACEHOLDER_STYLES } as const;

/**
 * A chart's look, for all its parts at once: one class and plain elements styled by their part (a Chakra box,
 * skeleton and visually hidden element per part made each chart several components, and a dashboard with its
 * project cards renders many charts: ADR 0113).
 */
const CHART_STYLES = {
  color: 'fg',
  '& [data-part=placeholder]': PLACEHOLDER_STYLES,
  '& [data-part=with-legend]': { display: 'flex', flexDirection: 'column' },
  '& [data-part=plot]': { flex: '1', minH: '0', position: 'relative' },
  '& [data-part=frame]': { position: 'relative' },
  // Over the chart's place while ApexCharts draws it, task by task (apex-chart.tsx): the placeholder stays until then.
  '& [data-part=drawing]': { ...PLACEHOLDER_STYLES, position: 'absolute', inset: '0' },
  '& [data-part=summary]': visuallyHiddenStyle,
} as const;

/**
 * The frame a chart occupies: its final height from the first paint, so nothing below moves when the chart (or
 * the data it waits for) arrives (issue 10, no layout shift). Also the placeholder while the data loads.
 */
export function ChartFrame({ height }: { height: number }) {
  return (
    <Box
      css={FRAME_STYLES}
      aria-hidden
      style={{ height: `${height}px` }}
      data-testid="chart-frame"
      data-height={height}
    >
      <div data-part="placeholder" />
    </Box>
  );
}

/**
 * The console's one chart component (ApexCharts' tree-shaken core, with the bar and donut types only, drawn in steps of
 * one task each by `apex-chart.tsx`, ADR 0154; legends are HTML, `ChartLegend`). ApexCharts loads in its own chunk when the first chart nears
 * the viewport, never with the entry chunk or a route's chunk. Text follows the colour mode through currentColor. The chart is drawn only once its
 * frame nears the viewport and the page is idle, one chart at a time (draw-queue.ts), with animations off (nothing to
 * animate on the first paint).
 */
export function Chart({ type, series, options, height, summary, legend, testId }: ChartProps) {
  const [frame, inView] = useInView<HTMLDivElement>();
  // Drawn once the page is idle, one chart per idle period, into the frame reserved for it (ADR 0059).
  const drawn = useDrawTurn(inView, loadApexChart);
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
    // ApexCharts' legend is not bundled (apex-chart.tsx): a chart that needs one is given it in HTML (`legend`).
    legend: { ...options.legend, show: false },
  };
  const chart = drawn ? (
    <Suspense fallback={<div data-part="placeholder" />}>
      <ApexChart type={type} series={series} options={merged} height={legend ? '100%' : height} />
    </Suspense>
  ) : (
    <div data-part="placeholder" />
  );
  const frameProps = { style: { height: `${height}px` }, 'data-testid': 'chart-frame', 'data-height': height };
  return (
    <Box css={CHART_STYLES} data-testid={testId}>
      <div ref={frame}>
        {legend ? (
          // The legend stays in the accessibility tree; the chart beside it is hidden behind the table below.
          <div data-part="with-legend" {...frameProps}>
            <div data-part="plot" aria-hidden>
              {chart}
            </div>
            {legend}
          </div>
        ) : (
          <div data-part="frame" aria-hidden {...frameProps}>
            {chart}
          </div>
        )}
      </div>
      <div data-part="summary">
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
      </div>
    </Box>
  );
}
