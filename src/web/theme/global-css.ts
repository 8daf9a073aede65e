import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { SystemContext } from '@chakra-ui/react';

/**
 * Chakra's global styles as one stylesheet, exactly as <ChakraProvider> would inject them at run time: the cascade
 * layers' order, then the preflight reset, the global CSS and every token as a CSS variable (light and dark),
 * serialized by emotion and compiled by the same stylis plugins. The build writes it into every page (ADR 0082);
 * production builds then skip the work in the browser (chakra-provider.tsx).
 */
export function chakraGlobalCss(system: SystemContext): string {
  const cache = createCache({ key: 'css' });
  // Extraction mode: `insert` hands the compiled rules back instead of writing them to a document.
  cache.compat = true;
  const compiled = (styles: unknown) =>
    cache.insert('', serializeStyles([styles] as Parameters<typeof serializeStyles>[0]), cache.sheet, false) ?? '';
  const layerOrder = system._config.disableLayers ? '' : compiled(system.layers.atRule);
  return layerOrder + compiled(system._global);
}
