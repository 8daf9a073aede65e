import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { i18n, type Messages } from '@lingui/core';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { PRERENDERED_PAGES, type PrerenderedPage } from '../../shared/console-pages';
import type { AppLocale } from '../i18n/activate-locale';
import { sessionSlice } from '../state/session-slice';
import { ConsoleRoot, whenRouterReady } from './console-root';
import { appRoutes, ROUTER_OPTIONS } from './router';
import { createStaticStore } from './store';

export interface FirstPaint {
  /** The markup of the console's root element. */
  html: string;
  /** The emotion class names the markup uses and their CSS, in the order the render inserted them. */
  styles: { name: string; css: string }[];
}

/**
 * A signed-in session as the shell's frame sees it before its calls answer: the frame shows no user data, so the
 * tokens are placeholders that are never sent (the prerender makes no request).
 */
const PLACEHOLDER_SESSION = {
  ...sessionSlice.getInitialState(),
  accessToken: 'first-paint',
  idToken: 'first-paint',
  loggedIn: true,
};

/**
 * Renders a prerendered page (docs/product/shell-and-session.md, ADR 0082) with React's server renderer: the same
 * tree the browser hydrates (ConsoleRoot), from a store that touches no storage, in one locale. Chakra's styles are
 * collected through an emotion cache in extraction mode (`compat`) instead of being written inline into the markup.
 */
export async function renderFirstPaint(
  page: PrerenderedPage,
  locale: AppLocale,
  messages: Messages,
): Promise<FirstPaint> {
  const { path, signedIn } = PRERENDERED_PAGES[page];
  i18n.loadAndActivate({ locale, messages });
  const store = createStaticStore(signedIn ? { session: PLACEHOLDER_SESSION } : undefined);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path], ...ROUTER_OPTIONS });
  await whenRouterReady(router);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  try {
    const html = renderToString(
      <CacheProvider value={cache}>
        <ConsoleRoot store={store} router={router} />
      </CacheProvider>,
    );
    const styles = Object.entries(cache.inserted).flatMap(([name, css]) =>
      typeof css === 'string' ? [{ name, css }] : [],
    );
    return { html, styles };
  } finally {
    router.dispose();
  }
}
