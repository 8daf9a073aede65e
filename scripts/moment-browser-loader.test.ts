// moment's Node-only locale test would put webpack's node-module decorator into the entry (ADR 0097); this loader
// drops it from the real module, and stops the build when moment changes it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
const momentBrowser = require('./moment-browser-loader.cjs') as (source: string) => string;

test("moment's Node locale loading becomes dead code; the UMD header stays", () => {
  const source = readFileSync(require.resolve('moment'), 'utf8');
  const out = momentBrowser(source);
  expect(out).not.toMatch(/module &&\s*module\.exports &&/);
  expect(out).toMatch(/false &&\s*isLocaleNameSane\(/);
  // The UMD header (typeof module) is untouched.
  expect(out.slice(0, 600)).toBe(source.slice(0, 600));
});

test('a moment version without that test stops the build', () => {
  expect(() => momentBrowser('export default function moment() {}')).toThrow(/moment-browser-loader/);
});
