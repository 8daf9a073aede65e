// The browser's createSystem asks src/web/theme/prebuilt-tokens.ts for its token dictionary (ADR 0129). The loader
// must rewrite the real module, and stop the build when Chakra changes what it rewrites.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
const prebuiltTokens = require('./prebuilt-chakra-tokens-loader.cjs') as (source: string) => string;
const SYSTEM = require.resolve('@chakra-ui/react').replace(/dist[\\/].*$/, 'dist/esm/styled-system/system.js');

test('createSystem takes its dictionary from the console and builds the token() map only when read', () => {
  const out = prebuiltTokens(readFileSync(SYSTEM, 'utf8'));
  expect(out).toMatch(/import \{ tokenDictionaryFor \} from ".*src[\\/]web[\\/]theme[\\/]prebuilt-tokens\.ts";/);
  expect(out).toContain('const tokens = tokenDictionaryFor({ createTokenDictionary, expandTokenReferences, esc }, {');
  expect(out).not.toMatch(/const tokenMap = getTokenMap/);
  expect(out.match(/tokenMapOf\(\)\.get\(/g)).toHaveLength(2);
});

test('a Chakra version that builds its tokens differently stops the build', () => {
  expect(() => prebuiltTokens('function createSystem() { const tokens = {}; }')).toThrow(/ADR 0129/);
});
