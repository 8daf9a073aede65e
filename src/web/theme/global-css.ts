import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { SystemContext } from '@chakra-ui/react';

type Sheet = Parameters<ReturnType<typeof createCache>['insert']>[2];

/**
 * Chakra's global styles as one stylesheet, exactly as <ChakraProvider> would inject them at run time: the cascade
 * layers' order, then the preflight reset, the global CSS and every token as a CSS variable (light and dark),
 * serialized by emotion and compiled by the same stylis plugins. The build writes it into every page (ADR 0082);
 * production builds then skip the work in the browser (chakra-provider.tsx).
 */
export function chakraGlobalCss(system: SystemContext): string {
  const cache = createCache({ key: 'css' });
  const compiled = (styles: unknown): string => {
    // Emotion's server build hands the compiled rules back; its browser build (tests) writes them to the sheet.
    const rules: string[] = [];
    const collector = { insert: (rule: string) => rules.push(rule) } as unknown as Sheet;
    const serialized = serializeStyles([styles] as Parameters<typeof serializeStyles>[0]);
    const returned = cache.insert('', serialized, collector, false);
    return typeof returned === 'string' ? returned : rules.join('');
  };
  const layerOrder = system._config.disableLayers ? '' : compiled(system.layers.atRule);
  return withoutPrefixedKeyframes(layerOrder + compiled(system._global));
}

const KEYFRAMES = /@(-[a-z]+-)?keyframes[^{]*\{/g;
/** A vendor-prefixed declaration (`-webkit-transform:…;`, or stylis' `-moz-translate:…;`) after `{` or `;`. */
const PREFIXED_DECLARATION = /(?<=[{;])-[a-z]+-[a-z-]+:[^;{}]*;?/g;

/**
 * The compiled global styles without what emotion's prefixer adds to keyframes (ADR 0181): every `@keyframes` is
 * also written as `@-webkit-keyframes`, and each step's `transform`, `translate` or `background-position` three more
 * times with `-webkit-`, `-moz-` and `-ms-` (two of which name no property). Every browser the console supports reads
 * the unprefixed rule, which stays, step for step; the copies only made the document's parse longer (the browser
 * parses keyframes whole, where a style rule's declarations wait until an element matches it).
 */
export function withoutPrefixedKeyframes(css: string): string {
  let kept = '';
  let from = 0;
  for (const match of css.matchAll(KEYFRAMES)) {
    if (match.index < from) continue;
    let depth = 0;
    let end = match.index + match[0].length - 1;
    do {
      if (css[end] === '{') depth++;
      else if (css[end] === '}') depth--;
      end++;
    } while (depth > 0 && end < css.length);
    kept += css.slice(from, match.index);
    if (!match[1]) kept += css.slice(match.index, end).replace(PREFIXED_DECLARATION, '');
    from = end;
  }
  return kept + css.slice(from);
}
