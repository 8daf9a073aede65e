/**
 * docs/product/README.md#routes against the router: every path of the table reaches the screen the table says
 * (a built row a registered route, not the "No Page Found" catch-all), and every path the router registers is in
 * the table. Fails when a screen is added, moved or removed without the table following (issue 25 item 14).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { builtPaths, idFreePaths, parseRouteTable, projectPaths } from '../../../test/e2e/support/route-table';
import { whenRouterReady } from './console-root';
import { appRoutes, ROUTER_OPTIONS, SHELL_ROUTE_ID } from './router';
import { signedInRoutes } from './signed-in-routes';

/**
 * The table as the router has it once a navigation under /main has patched in the signed-in screens (ADR 0112); the
 * browser starts from `appRoutes` alone (tested below).
 */
const withSignedInRoutes = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route): RouteObject => {
    if (route.index) return route;
    const children = route.children ? withSignedInRoutes(route.children) : undefined;
    if (route.id === SHELL_ROUTE_ID) return { ...route, children: [...(children ?? []), ...signedInRoutes] };
    return children ? { ...route, children } : route;
  });

const completeRoutes = withSignedInRoutes(appRoutes);

/** The Routes table's rows (docs/product/README.md#routes). */
const routeTable = () => parseRouteTable(readFileSync(join(__dirname, '../../../docs/product/README.md'), 'utf8'));

/** A concrete URL for a table path: `{x}` becomes a value, the query is dropped. */
const concrete = (path: string) => path.replace(/\?.*$/, '').replace(/\{[^}]+\}/g, '7');

/** The deepest route a URL reaches, or null for the catch-all ("No Page Found" or a redirect of unknown paths). */
function reached(url: string, routes: RouteObject[] = completeRoutes): string | null {
  const matches = matchRoutes(routes, url) ?? [];
  const deepest = matches.at(-1)?.route;
  if (!deepest || deepest.path === '*') return null;
  return matches.map((m) => m.route.path ?? '').join('|');
}

/** Every path the router registers (index routes and the catch-alls left out), as absolute patterns. */
function registered(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const path =
      route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const own = route.path !== undefined && !route.index ? [path.replace(/\/+/g, '/')] : [];
    return [...own, ...registered(route.children ?? [], path === '/' ? '' : path)];
  });
}

/** Parameters compared by position only: `{id}`, `:projectId` and `resultdetail:{name}` are all one value. */
const shape = (path: string) =>
  path
    .replace(/\?.*$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment.includes('{') ? ':' : segment))
    .join('/');

const rows = routeTable();

test('the table has the spec routes, all absolute', () => {
  expect(rows.length).toBeGreaterThan(30);
  for (const row of rows) for (const path of row.paths) expect(path).toMatch(/^\//);
});

test.each(rows.filter((row) => row.built === 'yes').flatMap((row) => row.paths))(
  'the built route %s reaches a registered screen',
  (path) => {
    expect(reached(concrete(path))).not.toBeNull();
  },
);

test('no row says a route is not built while the router has it, or the reverse', () => {
  const stale = rows
    .filter((row) => row.built !== 'yes')
    .flatMap((row) => row.paths)
    .filter((path) => reached(concrete(path)) !== null);
  expect(stale).toEqual([]);
});

test('every path the router registers is in the table', () => {
  const documented = new Set(rows.flatMap((row) => row.paths).map(shape));
  const missing = [...new Set(registered(completeRoutes).map(shape))].filter((path) => !documented.has(path));
  expect(missing).toEqual([]);
});

test('the phone-width journey visits every registered route that needs no value but the project', () => {
  // test/e2e/journeys/every-route-at-phone-width.e2e.ts opens these: a new screen is never silently skipped.
  const visited = new Set(
    [...idFreePaths(builtPaths(rows)), ...projectPaths(builtPaths(rows), 7)].map((path) =>
      shape(path.replace('/7', '/{id}')),
    ),
  );
  // A path the table gives a query (`editLookup?field=&attributeId=`) takes its values there.
  const withQuery = new Set(
    rows
      .flatMap((row) => row.paths)
      .filter((path) => path.includes('?'))
      .map(shape),
  );
  const needsNoValue = registered(completeRoutes)
    .map(shape)
    .filter((path) => !withQuery.has(path))
    .filter((path) => !path.includes(':') || /^\/main\/project\/:(\/[^:]*)?$/.test(path));
  expect(needsNoValue.length).toBeGreaterThan(30);
  expect(needsNoValue.filter((path) => !visited.has(path))).toEqual([]);
});

test('the table the console starts with reaches every public screen, and each signed-in one only once patched', () => {
  const built = rows.filter((row) => row.built === 'yes').flatMap((row) => row.paths.map(concrete));
  const signedIn = built.filter((path) => path.startsWith('/main/'));
  expect(signedIn.length).toBeGreaterThan(25);
  // Under /main the starting table has only the shell's catch-all, which makes React Router ask for the routes.
  for (const path of signedIn) {
    expect(reached(path, appRoutes)).toBeNull();
    expect(matchRoutes(appRoutes, path)?.map((match) => match.route.id ?? match.route.path)).toContain(SHELL_ROUTE_ID);
  }
  for (const path of built.filter((url) => !url.startsWith('/main'))) expect(reached(path, appRoutes)).not.toBeNull();
  expect(registered(appRoutes).filter((path) => path.startsWith('/main/'))).toEqual([]);
});

test('a first navigation under /main patches the signed-in screens into the shell, once', async () => {
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/main/admin/users'], ...ROUTER_OPTIONS });
  try {
    await whenRouterReady(router);
    const shellChildren = () => router.routes[0]!.children!.find((route) => route.path === '/main')!.children![0]!;
    expect(router.state.matches.at(-1)?.route.path).toBe('users');
    const patched = shellChildren().children!.length;
    expect(patched).toBe(2 + signedInRoutes.length);
    await router.navigate('/main/project/7/team');
    expect(router.state.matches.at(-1)?.route.path).toBe('team');
    expect(shellChildren().children).toHaveLength(patched);
    await router.navigate('/main/nowhere');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
  } finally {
    router.dispose();
  }
});
