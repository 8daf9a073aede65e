import type { SystemContext } from '@chakra-ui/react';

type TokenDictionary = SystemContext['tokens'];

/**
 * What the browser reads of Chakra's token dictionary while styling (ADR 0129), in a compact form written at commit
 * time (token-views.json, `npx tsx scripts/token-views.ts`): every token's CSS variable by name (`flatMap`), the
 * colour palettes' variables (`colorPaletteMap`) and the raw values the utilities look up (opacity and breakpoint
 * tokens). Most variables follow Chakra's naming rule from the token's name; those that do not are listed as they are.
 */
export interface TokenViews {
  /** Token names by category, in the dictionary's order: `{ colors: ['red.500', …] }`. */
  names: Record<string, string[]>;
  /** Names whose variable is not `var(--chakra-<name, dashed and escaped>)`. */
  flatExceptions: Record<string, string>;
  /** Each palette's variable suffixes: `--chakra-colors-color-palette<suffix>` → `var(--chakra-colors-<palette><suffix>)`. */
  palettes: Record<string, string[]>;
  /** Palette entries that break that rule: palette → [virtual variable, reference]. */
  paletteExceptions: Record<string, [string, string][]>;
  /** `value` of every token of these categories (all `getByName` is asked for at run time, see RAW_CATEGORIES). */
  rawValues: Record<string, string>;
}

/** The categories Chakra's utilities read through `token.raw()` / `getByName` (colour mix opacity, hideFrom/hideBelow). */
export const RAW_CATEGORIES = ['opacity', 'breakpoints'];

const PREFIX = 'chakra';
const escapeRegex = /[^a-zA-Z0-9_\u0081-\uffff-]/g;
const dashCase = (text: string) => text.replace(/[A-Z]/g, (match) => `-${match.toLowerCase()}`);
/** Chakra's `cssVar(path.join('-'))` for a name whose path segments hold no dots. */
const variableOf = (dashed: string) =>
  dashCase(`--${PREFIX}-${dashed.replace(escapeRegex, (character) => `\\${character}`)}`);
const flatValueOf = (name: string) => `var(${variableOf(name.replace(/\./g, '-'))})`;
const paletteEntryOf = (palette: string, suffix: string): [string, string] => [
  `${variableOf('colors-color-palette')}${suffix}`,
  `var(${variableOf(`colors-${palette.replace(/\./g, '-')}`)}${suffix})`,
];

/** The views of a dictionary Chakra built (the generator and the test that the committed file is current). */
export function tokenViewsOf(dictionary: TokenDictionary): TokenViews {
  const views: TokenViews = { names: {}, flatExceptions: {}, palettes: {}, paletteExceptions: {}, rawValues: {} };
  for (const [name, value] of dictionary.flatMap as Map<string, string>) {
    const category = name.slice(0, name.indexOf('.'));
    (views.names[category] ??= []).push(name.slice(category.length + 1));
    if (value !== flatValueOf(name)) views.flatExceptions[name] = value;
  }
  for (const [palette, entries] of dictionary.colorPaletteMap as Map<string, Map<string, string>>) {
    const [virtualBase] = paletteEntryOf(palette, '');
    for (const [virtual, reference] of entries) {
      const suffix = virtual.startsWith(virtualBase) ? virtual.slice(virtualBase.length) : null;
      const expected = suffix === null ? null : paletteEntryOf(palette, suffix);
      if (expected && expected[1] === reference) (views.palettes[palette] ??= []).push(suffix!);
      else (views.paletteExceptions[palette] ??= []).push([virtual, reference]);
      views.palettes[palette] ??= [];
    }
  }
  for (const token of dictionary.allTokens) {
    const { category, condition } = token.extensions as { category?: string; condition?: string };
    if (category && RAW_CATEGORIES.includes(category) && condition === 'base')
      views.rawValues[token.name] = String(token.value);
  }
  return views;
}

/** What the loader hands over from Chakra's styled-system (scripts/prebuilt-chakra-tokens-loader.cjs). */
export interface ChakraTokenParts {
  /** Chakra's own build of the dictionary, for what the views do not hold. */
  full: () => TokenDictionary;
  expandTokenReferences: (value: string, resolve: (path: string) => string | undefined) => string;
  esc: (text: string) => string;
}

const TOKEN_PATH = /\w+\.\w+/;

/** token-dictionary.js's `colorMix` for a reference such as `{colors.red.500/50}`. */
function colorMix(
  path: string,
  getVar: (name: string) => string | undefined,
  getByName: (name: string) => { value: unknown } | undefined,
): string {
  const [colorPath, rawOpacity] = path.split('/');
  const opacity = getByName(`opacity.${rawOpacity}`)?.value;
  if (!colorPath || !rawOpacity || (!opacity && isNaN(Number(rawOpacity))))
    throw new Error(`Invalid color mix at ${path}: ${colorPath}`);
  const percent = opacity ? `${Number(opacity) * 100}%` : `${rawOpacity}%`;
  return `color-mix(in srgb, ${getVar(colorPath) ?? colorPath} ${percent}, transparent)`;
}

const memo = <T>(compute: (key: string) => T) => {
  const cache = new Map<string, T>();
  return (key: string): T => {
    if (!cache.has(key)) cache.set(key, compute(key));
    return cache.get(key)!;
  };
};

/**
 * A token dictionary answering from the views: what styling reads at start-up costs a few map insertions instead of
 * Chakra's whole build (transforms, references, conditions of every token). Anything else (every token object, the
 * CSS variables per condition for the global styles, the category map of `system.query`) comes from the dictionary
 * Chakra builds, made the first time it is read (`full`). The methods mirror Chakra's token-dictionary.js.
 */
export function dictionaryFromViews(views: TokenViews, chakra: ChakraTokenParts): TokenDictionary {
  let built: TokenDictionary | undefined;
  const real = () => (built ??= chakra.full());
  const flatMap = new Map<string, string>();
  const byCategory: Record<string, Record<string, string>> = {};
  for (const [category, props] of Object.entries(views.names)) {
    const values: Record<string, string> = (byCategory[category] = {});
    for (const prop of props) {
      const name = `${category}.${prop}`;
      const value = views.flatExceptions[name] ?? flatValueOf(name);
      flatMap.set(name, value);
      values[prop] = value;
    }
  }
  const colorPaletteMap = new Map<string, Map<string, string>>();
  for (const [palette, suffixes] of Object.entries(views.palettes)) {
    const entries = new Map(suffixes.map((suffix) => paletteEntryOf(palette, suffix)));
    for (const [virtual, reference] of views.paletteExceptions[palette] ?? []) entries.set(virtual, reference);
    colorPaletteMap.set(palette, entries);
  }
  const getByName = (name: string) => {
    if (built) return built.getByName(name);
    if (name in views.rawValues) return { name, value: views.rawValues[name] };
    if (RAW_CATEGORIES.includes(name.slice(0, name.indexOf('.')))) return undefined;
    return real().getByName(name);
  };
  const getVar = memo((value: string) => flatMap.get(value));
  const dictionary = {
    prefix: PREFIX,
    flatMap,
    colorPaletteMap,
    getByName,
    getVar: (value: string, fallback?: string) => getVar(value) ?? fallback,
    getCategoryValues: (category: string) => byCategory[category] ?? null,
    // Chakra's own, over these views: token references in a style value (`{colors.red.500}`, colour mixes).
    expandReferenceInValue: memo((value: string) =>
      chakra.expandTokenReferences(value, (path) => {
        if (!path) return undefined;
        if (path.includes('/')) return colorMix(path, getVar, getByName);
        return getVar(path) ?? (TOKEN_PATH.test(path) ? chakra.esc(path) : path);
      }),
    ),
    formatTokenName: (path: string[]) => path.join('.'),
    formatCssVar: (path: string[], prefix: string) => real().formatCssVar(path, prefix),
    registerToken: (...args: Parameters<TokenDictionary['registerToken']>) => real().registerToken(...args),
  };
  for (const field of ['allTokens', 'tokenMap', 'cssVarMap', 'categoryMap'] as const)
    Object.defineProperty(dictionary, field, { get: () => real()[field], enumerable: true });
  return dictionary as unknown as TokenDictionary;
}
