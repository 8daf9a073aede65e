import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { chakraGlobalCss, withoutPrefixedKeyframes } from './global-css';
import { system } from './system';

/** What <ChakraProvider> injects at run time in tests and development (emotion's text nodes, read back whole). */
function injectedGlobalCss(): string {
  // Text nodes rather than insertRule, so the injected rules can be read back whole (jsdom drops what it cannot parse).
  render(
    <CacheProvider value={createCache({ key: 'css', speedy: false })}>
      <ChakraProvider value={system}>
        <p>page</p>
      </ChakraProvider>
    </CacheProvider>,
  );
  return [...document.querySelectorAll('style[data-emotion^="css-global"]')]
    .map((element) => element.textContent)
    .join('');
}

// Production builds write these styles into every page and no longer inject them at run time (ADR 0082): they must
// be what <ChakraProvider> injects, rule for rule, or a page would lose its reset, tokens or dark colours; only the
// vendor-prefixed copies of the keyframes are left out (ADR 0181).
test('the static stylesheet is what ChakraProvider injects at run time', () => {
  const injected = injectedGlobalCss();

  const css = chakraGlobalCss(system);

  expect(injected.length).toBeGreaterThan(10_000);
  expect(css).toBe(withoutPrefixedKeyframes(injected));
  expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
  // The tokens of both colour modes and the brand palette are there.
  expect(css).toContain('--chakra-colors-brand-600:#0f7880');
  expect(css).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-bg:/);
});

// ADR 0181: the document parses keyframes whole; their prefixed copies were a fifth of the static stylesheet.
test('the static stylesheet has each keyframes once, unprefixed, with the same steps', () => {
  const injected = injectedGlobalCss();
  const keyframes = (css: string) => [...css.matchAll(/@keyframes ([\w-]+)\{((?:[^{}]*\{[^{}]*\})*)\}/g)];

  const css = chakraGlobalCss(system);

  expect(css).not.toContain('-keyframes');
  expect(injected).toContain('@-webkit-keyframes spin{');
  const kept = new Map(keyframes(css).map(([, name, steps]) => [name, steps]));
  const before = keyframes(injected);
  expect(before.length).toBeGreaterThan(20);
  expect([...kept.keys()]).toEqual(before.map(([, name]) => name));
  for (const [, name, steps] of before) {
    expect(kept.get(name)).toBe(steps!.replace(/(?<=[{;])-(webkit|moz|ms)-[a-z-]+:[^;{}]*;/g, ''));
    expect(kept.get(name)).not.toMatch(/[{;]-(webkit|moz|ms)-/);
  }
  expect(kept.get('spin')).toBe('0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}');
  expect(css.length).toBeLessThan(injected.length - 10_000);
});
