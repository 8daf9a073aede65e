import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { i18n, type Messages } from '@lingui/core';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { PRERENDERED_PAGES, type PrerenderedPage } from '../../shared/console-pages';
import { PERMISSION } from '../../shared/permissions';
import { userServiceApi, type SessionBootstrap } from '../api/generated/user-service';
import type { AppLocale } from '../i18n/activate-locale';
import { sessionSlice } from '../state/session-slice';
import { ConsoleRoot, whenRouterReady } from './console-root';
import { appRoutes, ROUTER_OPTIONS } from './router';
import { seedSession } from './session-bootstrap';
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
 * An open session as the signed-in shell first shows it (ADR 0173): placeholder answers of the session's call for a
 * tenant's user with every permission, so the top bar, every sidebar entry and the dashboard render. Only the
 * styles of that render are kept; its markup and these values go nowhere.
 */
const PLACEHOLDER_TENANT = { tenantId: 2, tenantName: 'first-paint' };
const PLACEHOLDER_OPENING: SessionBootstrap = {
  authorizer: { authorized: true },
  userInfo: {
    id: 1,
    tenantId: PLACEHOLDER_TENANT.tenantId,
    tenant: { ...PLACEHOLDER_TENANT, isSystemTenant: false },
    firstName: 'first',
    lastName: 'paint',
    email: 'first-paint@voxscreen.invalid',
    phoneNumber: null,
    image: null,
    isActive: true,
    tenantLogo: null,
    operatingTenant: null,
    rolePermission: {
      roleId: 1,
      roleName: 'first-paint',
      permissions: Object.values(PERMISSION).map((permission) => ({ permission })),
    },
    notificationPreference: {
      resultAlert: 'OFF',
      time: [],
      displayTimezone: null,
      usedTimezone: null,
      pendingResultsNotification: 'OFF',
    },
  },
  tenants: [{ ...PLACEHOLDER_TENANT, isPrimaryTenant: true, totalNumberOfInterviews: 0 }],
  configuration: {
    restrictedEnvironment: false,
    featureFlags: { analyticReports: true, recordings: false },
    branding: { productName: 'Voxscreen', providerName: 'Voxscreen', adminRoleName: 'first-paint' },
    supportEmail: 'first-paint@voxscreen.invalid',
    dataServiceBaseUrl: '/api',
    idleTimeoutMs: 10_800_000,
  },
  languages: [],
};

/**
 * The addresses at which the open shell is rendered for its styles (ADRs 0173, 0177): the dashboard, the screen a
 * sign-in lands on, so that its first render's rules (page, header, tiles, chart frames) are served with the shell's;
 * then one no screen answers, for the shell's "No Page Found". The dashboard's first render leaves the window alone
 * (docs/development.md, "First paint"), and its calls are not made (the server renderer runs no effect): it renders
 * as before their answers, as the browser's first commit does.
 */
export const PRIMED_ADDRESSES = ['/main/dashboard', '/main/first-paint'] as const;

type Styles = FirstPaint['styles'];

/** Renders the console at `path` with React's server renderer; Chakra's styles extracted through emotion. */
async function renderConsole(path: string, store: ReturnType<typeof createStaticStore>) {
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
    const styles: Styles = Object.entries(cache.inserted).flatMap(([name, css]) =>
      typeof css === 'string' ? [{ name, css }] : [],
    );
    return { html, styles };
  } finally {
    router.dispose();
  }
}

/**
 * The styles of the signed-in shell once its session is open (top bar, sidebar) and of the dashboard in it, as their
 * first render inserts them (ADRs 0173, 0177). Served with the frame, emotion in the browser finds them inserted already and the shell's first commit
 * compiles and inserts none of them.
 */
export async function renderOpenShellStyles(): Promise<Styles> {
  const store = createStaticStore({
    session: PLACEHOLDER_SESSION,
    tenancy: { operatingTenant: PLACEHOLDER_TENANT },
  });
  store.dispatch(seedSession(PLACEHOLDER_OPENING));
  try {
    const styles = new Map<string, string>();
    for (const path of PRIMED_ADDRESSES)
      for (const { name, css } of (await renderConsole(path, store)).styles)
        if (!styles.has(name)) styles.set(name, css);
    return [...styles].map(([name, css]) => ({ name, css }));
  } finally {
    // The seeded entries' removal timers (no component holds them) would keep the build's process alive a minute.
    store.dispatch(userServiceApi.util.resetApiState());
  }
}

/**
 * Renders a prerendered page (docs/product/shell-and-session.md, ADR 0082) with React's server renderer: the same
 * tree the browser hydrates (ConsoleRoot), from a store that touches no storage, in one locale. Chakra's styles are
 * collected through an emotion cache in extraction mode (`compat`) instead of being written inline into the markup.
 * A signed-in page's styles go on with those of the open shell (ADR 0173), after the frame's own.
 */
export async function renderFirstPaint(
  page: PrerenderedPage,
  locale: AppLocale,
  messages: Messages,
): Promise<FirstPaint> {
  const { path, signedIn } = PRERENDERED_PAGES[page];
  i18n.loadAndActivate({ locale, messages });
  const store = createStaticStore(signedIn ? { session: PLACEHOLDER_SESSION } : undefined);
  const { html, styles } = await renderConsole(path, store);
  if (!signedIn) return { html, styles };
  const own = new Set(styles.map(({ name }) => name));
  const open = (await renderOpenShellStyles()).filter(({ name }) => !own.has(name));
  return { html, styles: [...styles, ...open] };
}
