import ReactApexChart from 'react-apexcharts/core';
import 'apexcharts/bar';
import 'apexcharts/donut';
import 'apexcharts/features/legend';

/**
 * ApexCharts through react-apexcharts' tree-shaken core, with the bar and donut types and the legend only. Its own
 * module so that `Chart` loads it on demand (its own chunk, `charts`): the screens that show charts render their
 * figures without waiting for ApexCharts (190 kB gzip, ADR 0055).
 */
export default ReactApexChart;
