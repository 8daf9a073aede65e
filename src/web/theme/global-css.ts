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
  return layerOrder + compiled(system._global);
}
