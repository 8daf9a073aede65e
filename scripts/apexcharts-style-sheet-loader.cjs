/* global module */
// ApexCharts keeps its stylesheet in a module constant that its `render()` adds to the page (a <style
// id="apexcharts-css"> prepended to <head>) when the page has none, and then, in the same task, measures the chart's
// text: the new stylesheet made the browser parse it and restyle the whole document inside the doughnut's `create()`.
// This loader exports the constant, so the console adds the stylesheet itself a frame before the first chart is
// created (ADR 0170). Fails the build if ApexCharts' code it relies on has changed.
const CONSTANT = /\nconst apexCSS = '/;
const LOOKUP = 'doc.getElementById("apexcharts-css")';

module.exports = function apexChartsStyleSheet(source) {
  if (!CONSTANT.test(source) || !source.includes(LOOKUP)) {
    throw new Error(
      'apexcharts-style-sheet-loader: ApexCharts no longer keeps its stylesheet in apexCSS or looks it up by id, see ADR 0170',
    );
  }
  return `${source}\nexport { apexCSS as apexChartsStyleSheet };\n`;
};
