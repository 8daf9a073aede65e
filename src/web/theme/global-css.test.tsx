import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { chakraGlobalCss } from './global-css';
import { system } from './system';

// Production builds write these styles into every page and no longer inject them at run time (ADR 0082): they must
// be what <ChakraProvider> injects, rule for rule, or a page would lose its reset, tokens or dark colours.
test('the static stylesheet is what ChakraProvider injects at run time', () => {
  // Text nodes rather than insertRule, so the injected rules can be read back whole (jsdom drops what it cannot parse).
  render(
    <CacheProvider value={createCache({ key: 'css', speedy: false })}>
      <ChakraProvider value={system}>
        <p>page</p>
      </ChakraProvider>
    </CacheProvider>,
  );
  const injected = [...document.querySelectorAll('style[data-emotion^="css-global"]')]
    .map((element) => element.textContent)
    .join('');

  const css = chakraGlobalCss(system);

  expect(injected.length).toBeGreaterThan(10_000);
  expect(css).toBe(injected);
  expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
  // The tokens of both colour modes and the brand palette are there.
  expect(css).toContain('--chakra-colors-brand-600:#0f7880');
  expect(css).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-bg:/);
});
