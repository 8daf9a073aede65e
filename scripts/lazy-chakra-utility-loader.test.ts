// Chakra's createUtility resolves every style property's token values, and their type names, when the system is
// created; the loader makes both lazy (ADR 0168). The system it gives must style everything exactly as Chakra's own,
// answer the same property list and types, and resolve nothing while it is created.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SystemContext } from '@chakra-ui/react';
import { consoleSystemConfigs } from '../src/web/theme/system';
import { everyRecipeStyled } from '../src/web/testing/every-recipe-styled';

const require = createRequire(__filename);
const lazyUtility = require('./lazy-chakra-utility-loader.cjs') as (source: string) => string;
// As in the browser's build, the global styles are not built at creation (ADR 0082).
const lazyGlobals = require('./lazy-chakra-globals-loader.cjs') as (source: string) => string;
const styledSystem = join(dirname(require.resolve('@chakra-ui/react')), 'styled-system');
const UTILITY_ESM = join(dirname(require.resolve('@chakra-ui/react')), '..', 'esm', 'styled-system', 'utility.js');

type Tokens = SystemContext['tokens'];

/** A CommonJS module of Chakra's styled system evaluated from `source`, its own requires answered by `load`. */
function evaluate<T>(source: string, load: (id: string) => unknown): T {
  const module = { exports: {} as T };
  new Function('require', 'exports', 'module', source)(load, module.exports, module);
  return module.exports;
}

/**
 * Chakra's createSystem (its CommonJS build, its global styles lazy as in the browser), with createUtility rewritten by the loader or not, and a count of the
 * token category lookups (how a property's values are resolved) made while the system is created.
 */
function createSystemWith(rewrite: boolean): { created: SystemContext; lookupsAtCreation: number } {
  const own = (id: string): unknown => require(id.startsWith('.') ? join(styledSystem, id) : id);
  const utilitySource = readFileSync(join(styledSystem, 'utility.cjs'), 'utf8');
  const utility = evaluate(rewrite ? lazyUtility(utilitySource) : utilitySource, own);
  let lookups = 0;
  const { createTokenDictionary } = own('./token-dictionary.cjs') as {
    createTokenDictionary: (options: object) => Tokens;
  };
  const countingDictionary = {
    createTokenDictionary: (options: object) => {
      const tokens = createTokenDictionary(options);
      const getCategoryValues = tokens.getCategoryValues.bind(tokens);
      tokens.getCategoryValues = (category: string) => {
        lookups += 1;
        return getCategoryValues(category);
      };
      return tokens;
    },
  };
  const { createSystem } = evaluate<{ createSystem: (...configs: object[]) => SystemContext }>(
    lazyGlobals(readFileSync(join(styledSystem, 'system.cjs'), 'utf8')),
    (id) => (id === './utility.cjs' ? utility : id === './token-dictionary.cjs' ? countingDictionary : own(id)),
  );
  const created = createSystem(...consoleSystemConfigs());
  return { created, lookupsAtCreation: lookups };
}

/** Everything a system's styling answers: every recipe of Chakra's theme in every variant, and style objects. */
const styles = (from: SystemContext) =>
  everyRecipeStyled(from, [
    { colorPalette: 'brand', bg: 'colorPalette.solid', p: '4', mx: '-2', hideBelow: 'md', w: '1/2' },
    { color: 'fg.muted', _dark: { color: 'red.300' }, borderColor: 'border/50', maxW: '8xl' },
    { textStyle: 'sm', layerStyle: 'fill.muted', animationName: 'spin', fontSize: 'xs', rounded: 'l2' },
    { boxSize: '4', inset: '0', gap: '2', zIndex: 'overlay', shadow: 'md', bgGradient: 'to-r' },
    { gradientFrom: 'red.200', gradientTo: 'blue.200', focusRing: 'outside', truncate: true },
  ]);

test('creating the system resolves no style property’s token values', () => {
  expect(createSystemWith(true).lookupsAtCreation).toBe(0);
  // Chakra's own resolves them all: hundreds of lookups.
  expect(createSystemWith(false).lookupsAtCreation).toBeGreaterThan(100);
});

test('the system styles every recipe and style object exactly as Chakra’s own', () => {
  const lazy = createSystemWith(true).created;
  const own = createSystemWith(false).created;
  expect(styles(lazy)).toEqual(styles(own));
  expect([...lazy.properties]).toEqual([...own.properties]);
  expect(lazy.utility.keys()).toEqual(own.utility.keys());
  expect(lazy.isValidProperty('colorPalette')).toBe(true);
});

test('the type names for Chakra’s typegen are the same, built when first asked for', () => {
  const lazy = createSystemWith(true).created;
  const own = createSystemWith(false).created;
  expect(lazy.utility.getTypes()).toEqual(own.utility.getTypes());
  expect(lazy.utility.getTypes()).toEqual(own.utility.getTypes());
});

test('the loader rewrites the module webpack bundles, and a changed Chakra stops the build', () => {
  const out = lazyUtility(readFileSync(UTILITY_ESM, 'utf8'));
  expect(out).toContain('const value = valuesOf(key)?.[raw];');
  expect(out).not.toMatch(/assignProperties\(\);\s*assignPropertyTypes\(\);/);
  expect(() => lazyUtility('function createUtility() { return {}; }')).toThrow(/ADR 0168/);
});
