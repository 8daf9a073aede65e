// ApexCharts' stylesheet is added by the console a frame before the first chart is created (ADR 0170); this loader
// exports it from ApexCharts' module. It must rewrite the real module, and stop the build when ApexCharts changes it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
const styleSheetLoader = require('./apexcharts-style-sheet-loader.cjs') as (source: string) => string;
const CORE = require.resolve('apexcharts').replace(/dist[\\/].*$/, 'dist/core.esm.js');

test("ApexCharts' module exports the stylesheet its render() adds, unchanged otherwise", () => {
  const source = readFileSync(CORE, 'utf8');
  const out = styleSheetLoader(source);
  expect(out.startsWith(source)).toBe(true);
  expect(out.slice(source.length)).toBe('\nexport { apexCSS as apexChartsStyleSheet };\n');
  // The text render() would add: its canvas rule among the sheet's.
  expect(source).toMatch(/\nconst apexCSS = '[^']*\.apexcharts-canvas\{position:relative;/);
});

test('an ApexCharts version that keeps or finds its stylesheet differently stops the build', () => {
  expect(() => styleSheetLoader("const css = '.apexcharts-canvas{}';")).toThrow(/ADR 0170/);
});
