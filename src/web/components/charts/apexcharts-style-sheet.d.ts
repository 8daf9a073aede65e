import 'apexcharts/core';

declare module 'apexcharts/core' {
  /**
   * ApexCharts' own stylesheet, the text its `render()` adds to the page as `<style id="apexcharts-css">` when the page
   * has none: exported from its module by scripts/apexcharts-style-sheet-loader.cjs (ADR 0170).
   */
  export const apexChartsStyleSheet: string;
}
