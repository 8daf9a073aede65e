/**
 * @jest-environment node
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { userServiceApi } from '../api/generated/user-service';
import { ACCESS_TOKEN, ACME, clientConfiguration, ID_TOKEN, LANGUAGES, userInfo } from '../testing/factories';
import { sessionSlice } from '../state/session-slice';
import { ConsoleRoot, whenRouterReady } from './console-root';
import { renderFirstPaint } from './first-paint';
import { appRoutes, ROUTER_OPTIONS } from './router';
import { seedSession } from './session-bootstrap';
import { createStaticStore } from './store';

/**
 * The emotion classes (`css-<name>`) of the signed-in shell (top bar, sidebar) at `path` as its first render shows
 * them, with those of the screen there.
 */
async function openShellClasses(path = '/main/no-such-screen'): Promise<string[]> {
  const store = createStaticStore({
    session: { ...sessionSlice.getInitialState(), accessToken: ACCESS_TOKEN, idToken: ID_TOKEN, loggedIn: true },
    tenancy: { operatingTenant: { tenantId: ACME.tenantId, tenantName: ACME.tenantName } },
  });
  store.dispatch(
    seedSession({
      authorizer: { authorized: true },
      userInfo: userInfo(),
      tenants: [ACME],
      configuration: clientConfiguration(),
      languages: LANGUAGES,
    }),
  );
  const router = createMemoryRouter(appRoutes, { initialEntries: [path], ...ROUTER_OPTIONS });
  await whenRouterReady(router);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <ConsoleRoot store={store} router={router} />
    </CacheProvider>,
  );
  router.dispose();
  store.dispatch(userServiceApi.util.resetApiState());
  expect(html).toContain('data-testid="topbar"');
  expect(html).toContain('data-testid="sidebar"');
  return [...new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap(([, names]) => names!.split(' ')))]
    .filter((name) => name.startsWith('css-'))
    .map((name) => name.slice('css-'.length));
}

describe('the prerendered shell and the open shell (ADR 0173)', () => {
  it('carries the styles of every class the signed-in shell first shows, for emotion to adopt', async () => {
    const { styles } = await renderFirstPaint('shell', 'en', {});
    const prerendered = new Map(styles.map(({ name, css }) => [name, css]));
    const classes = await openShellClasses();
    expect(classes.length).toBeGreaterThan(20);
    expect(classes.filter((name) => !prerendered.has(name))).toEqual([]);
    // The frame's own rules come first, as emotion inserted them before the shell's.
    const frame = (await renderFirstPaint('shell', 'en', {})).styles.slice(0, 3);
    expect(styles.slice(0, 3)).toEqual(frame);
  });

  it("carries those of the dashboard's first render too, the screen a sign-in lands on (ADR 0177)", async () => {
    const { styles } = await renderFirstPaint('shell', 'en', {});
    const prerendered = new Set(styles.map(({ name }) => name));
    const classes = await openShellClasses('/main/dashboard');
    const shell = new Set(await openShellClasses());
    const dashboard = classes.filter((name) => !shell.has(name));
    // The page, its header, the tiles, the chart cards and their frames (some classes give several rules).
    expect(dashboard.length).toBeGreaterThanOrEqual(5);
    expect(dashboard.filter((name) => !prerendered.has(name))).toEqual([]);
  });
});
