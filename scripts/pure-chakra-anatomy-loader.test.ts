// Chakra's anatomies are module-level calls; marked pure, those of components a chunk never renders are dropped
// (ADR 0139). The loader must rewrite the real module, and stop the build when Chakra changes it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
const pureAnatomy = require('./pure-chakra-anatomy-loader.cjs') as (source: string) => string;
const ANATOMY = require.resolve('@chakra-ui/react').replace(/dist[\\/].*$/, 'dist/esm/anatomy.js');

test('every anatomy declared by a call is marked pure, and nothing else changes', () => {
  const source = readFileSync(ANATOMY, 'utf8');
  const out = pureAnatomy(source);
  const calls = source.match(/^const [\w$]+ = (createAnatomy\(|[\w$]+\.extendWith\()/gm) ?? [];
  expect(calls.length).toBeGreaterThanOrEqual(30);
  expect(out.match(/^const [\w$]+ = \/\*#__PURE__\*\/ /gm)).toHaveLength(calls.length);
  expect(out.replace(/\/\*#__PURE__\*\/ /g, '')).toBe(source);
  expect(out).toMatch(/^const alertAnatomy = \/\*#__PURE__\*\/ createAnatomy\("alert"\)/m);
  expect(out).toMatch(/^const dialogAnatomy = \/\*#__PURE__\*\/ dialogAnatomy\$1\.extendWith\(/m);
});

test('a Chakra version that declares them differently stops the build', () => {
  expect(() => pureAnatomy('export const alertAnatomy = anatomy("alert");')).toThrow(/ADR 0139/);
});
