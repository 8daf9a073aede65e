// Chakra's memo keys are built by a faster function of our own (ADR 0106); it must build exactly the keys Chakra's
// does, or styles would be shared between different arguments (or never cached).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
const memoKey = require('./chakra-memo-key-loader.cjs') as ((source: string) => string) & { ORIGINAL: string };
const MEMO = require.resolve('@chakra-ui/react').replace(/dist[\\/].*$/, 'dist/esm/utils/memo.js');

const compile = (text: string) => new Function(`${text}\nreturn simpleHash;`)() as (value: unknown) => string;
const chakras = compile(memoKey.ORIGINAL);
const ours = compile(memoKey(memoKey.ORIGINAL));

function named(name: string) {
  const fn = () => undefined;
  Object.defineProperty(fn, 'name', { value: name });
  return fn;
}

const sparse: unknown[] = [1];
sparse[3] = 'x';

const values: unknown[] = [
  null,
  undefined,
  '',
  'padding',
  'a,b:c',
  0,
  -0,
  1.5,
  Number.NaN,
  Infinity,
  true,
  false,
  named('transform'),
  named(''),
  10n,
  Symbol('s'),
  [],
  [1, 'a', null, undefined, [2, [3]]],
  sparse,
  {},
  { b: 1, a: 2 },
  { display: 'flex', _hover: { bg: 'brand.muted', _dark: { bg: 'gray.800' } }, md: { px: 4 }, gap: [1, 2] },
  { '& > li': { display: 'flex', minW: '0' }, colorPalette: 'brand', size: 'sm', onClick: named('click') },
  [{ base: 1, sm: 2, lg: 5 }, 'x'],
];

test('the faster key is the key Chakra builds, for every kind of argument', () => {
  for (const value of values) expect(ours(value)).toBe(chakras(value));
});

test('key order does not change the key, as in Chakra', () => {
  expect(ours({ a: 1, b: { d: 2, c: 3 } })).toBe(ours({ b: { c: 3, d: 2 }, a: 1 }));
});

test("the loader rewrites Chakra's real memo module", () => {
  const source = readFileSync(MEMO, 'utf8');
  const out = memoKey(source);
  expect(out).not.toContain(memoKey.ORIGINAL);
  expect(out).toContain('case "object"');
  // The cache around it is untouched.
  expect(out.slice(out.indexOf('class LRUCache'))).toBe(source.slice(source.indexOf('class LRUCache')));
});

test('a Chakra version with another key function stops the build', () => {
  expect(() => memoKey('function simpleHash(value) { return JSON.stringify(value); }')).toThrow(/ADR 0106/);
});
