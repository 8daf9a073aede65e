// Chakra's global styles are written into the pages at build time (ADR 0082); this loader keeps createSystem from
// building them again at start-up. It must rewrite the real module, and stop the build when Chakra changes it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
const lazyGlobals = require('./lazy-chakra-globals-loader.cjs') as (source: string) => string;
const SYSTEM = require.resolve('@chakra-ui/react').replace(/dist[\\/].*$/, 'dist/esm/styled-system/system.js');

test("createSystem's global styles become a getter, computed only when read", () => {
  const out = lazyGlobals(readFileSync(SYSTEM, 'utf8'));
  expect(out).not.toMatch(/const _global = /);
  expect(out).toMatch(/get _global\(\) \{\s*return \[getPreflightCss\(\), getGlobalCss\(\), getTokenCss\(\)\];\s*\}/);
  // Everything else of the returned system is untouched.
  expect(out.replace(/\s+/g, '')).toContain('$$chakra:true,_config:config,get_global(){');
});

test('a Chakra version that builds them differently stops the build', () => {
  expect(() => lazyGlobals('function createSystem() { return { _global: [] }; }')).toThrow(/ADR 0082/);
});
