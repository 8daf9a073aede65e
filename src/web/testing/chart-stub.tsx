/**
 * Stands in for react-apexcharts in component tests: jsdom cannot lay out SVG. The console's Chart wrapper
 * also renders its data as a visually hidden table, which is what tests read.
 */
export default function ChartStub(props: { type?: string }) {
  return <div data-chart-stub={props.type} />;
}
