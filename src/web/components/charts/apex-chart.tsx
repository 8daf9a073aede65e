import ReactApexChart from 'react-apexcharts/core';
import 'apexcharts/bar';
import 'apexcharts/donut';

/**
 * ApexCharts through react-apexcharts' tree-shaken core, with the bar and donut types only: no chart draws Apex's
 * legend (a chart's legend is HTML, `ChartLegend`, ADR 0113), so its feature is not bundled. Its own
 * module so that `Chart` loads it on demand (its own chunk, `charts`): the screens that show charts render their
 * figures without waiting for ApexCharts (190 kB gzip, ADR 0055).
 */
export default ReactApexChart;
