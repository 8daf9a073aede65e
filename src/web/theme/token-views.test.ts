// The browser's Chakra system starts from committed token views instead of building its token dictionary
// (ADR 0129). The views must be what Chakra builds for the console's theme, and a system made from them must style
// every recipe exactly as one made by Chakra alone; otherwise a colour or a size would quietly change.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SystemContext } from '@chakra-ui/react';
import { everyRecipeStyled } from '../testing/every-recipe-styled';
import committed from './token-views.json';
import { consoleSystemConfigs, system } from './system';
import { tokenDefinitions as browserDefinitions } from './token-definitions.browser';
import { dictionaryFromViews, tokenViewsOf, type ChakraTokenParts, type TokenViews } from './token-views';

const require = createRequire(__filename);
const styledSystem = join(dirname(require.resolve('@chakra-ui/react')), 'styled-system');
const chakra = {
  expandTokenReferences: (require(join(styledSystem, 'expand-reference.cjs')) as Omit<ChakraTokenParts, 'full'>)
    .expandTokenReferences,
  esc: (require(join(styledSystem, 'esc.cjs')) as Omit<ChakraTokenParts, 'full'>).esc,
};
const dictionaryModule = join(styledSystem, 'token-dictionary.cjs');
const { lazyTokenMap } = require('../../../scripts/prebuilt-chakra-tokens-loader.cjs') as {
  lazyTokenMap: (source: string) => string;
};
const lazyGlobals = require('../../../scripts/lazy-chakra-globals-loader.cjs') as (source: string) => string;

/** Chakra's createSystem (its CommonJS build, rewritten as the build's loaders rewrite it) with its token dictionary
 *  answered from the views, as in the browser's build; and how often Chakra's own dictionary was built for it. */
function systemFromViews(views: TokenViews): { created: SystemContext; fullBuilds: () => number } {
  let builds = 0;
  const real = require(dictionaryModule) as { createTokenDictionary: (options: object) => SystemContext['tokens'] };
  const fromViews = {
    createTokenDictionary: (options: object) =>
      dictionaryFromViews(views, {
        ...chakra,
        full: () => {
          builds += 1;
          return real.createTokenDictionary(options);
        },
      }),
  };
  const source = lazyGlobals(lazyTokenMap(readFileSync(join(styledSystem, 'system.cjs'), 'utf8')));
  const module = { exports: {} as { createSystem: (...configs: object[]) => SystemContext } };
  const load = (id: string): unknown =>
    id === './token-dictionary.cjs' ? fromViews : require(id.startsWith('.') ? join(styledSystem, id) : id);
  new Function('require', 'exports', 'module', source)(load, module.exports, module);
  // As in the browser's build: no token definitions, only the views.
  const configs = consoleSystemConfigs(browserDefinitions as Parameters<typeof consoleSystemConfigs>[0]);
  return { created: module.exports.createSystem(...configs), fullBuilds: () => builds };
}

test('the committed views are those of the dictionary Chakra builds for the console (npx tsx scripts/token-views.ts)', () => {
  expect(committed).toEqual(tokenViewsOf(system.tokens));
});

test('the views answer every lookup styling makes as Chakra’s dictionary does', () => {
  const real = system.tokens;
  const fromViews = dictionaryFromViews(committed as TokenViews, { ...chakra, full: () => real });
  expect(fromViews.flatMap).toEqual(real.flatMap);
  expect(fromViews.colorPaletteMap).toEqual(real.colorPaletteMap);
  for (const category of real.categoryMap.keys())
    expect(fromViews.getCategoryValues(category)).toEqual(real.getCategoryValues(category));
  for (const name of ['breakpoints.md', 'opacity.50', 'colors.red.500', 'sizes.nothing'])
    expect(fromViews.getByName(name)?.value).toEqual(real.getByName(name)?.value);
  for (const value of ['{colors.red.500}', 'calc({spacing.4} * -1)', 'token(sizes.md, 2px)', '{colors.fg/40}', 'red'])
    expect(fromViews.expandReferenceInValue(value)).toBe(real.expandReferenceInValue(value));
});

test('the browser’s system, from the views alone, styles every recipe as Chakra’s own without building the dictionary', () => {
  const { created, fullBuilds } = systemFromViews(committed as TokenViews);
  const styles = (from: SystemContext) =>
    everyRecipeStyled(from, [
      { colorPalette: 'brand', bg: 'colorPalette.solid', p: '4', mx: '-2', hideBelow: 'md', w: '1/2' },
      { color: 'fg.muted', _dark: { color: 'red.300' }, borderColor: 'border/50', maxW: '8xl' },
    ]);
  const expected = styles(system);
  expect(fullBuilds()).toBe(0);
  expect(styles(created)).toEqual(expected);
  expect(fullBuilds()).toBe(0);
});

test('with the token definitions, what only the global styles read comes from Chakra’s dictionary, built once', () => {
  const fromViews = dictionaryFromViews(committed as TokenViews, { ...chakra, full: () => system.tokens });
  expect(fromViews.cssVarMap).toBe(system.tokens.cssVarMap);
  expect(fromViews.allTokens).toBe(system.tokens.allTokens);
});
