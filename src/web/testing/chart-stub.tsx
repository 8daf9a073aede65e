/**
 * Stands in for react-apexcharts in component tests: jsdom cannot lay out SVG. The console's Chart wrapper
 * also renders its data as a visually hidden table, which is what tests read; the stub shows the series and the
 * height it was given (`data-series` as JSON, `data-height`), for what the chart is asked to draw.
 */
export default function ChartStub(props: { type?: string; series?: unknown; height?: number | string }) {
  return <div data-chart-stub={props.type} data-series={JSON.stringify(props.series)} data-height={props.height} />;
}
