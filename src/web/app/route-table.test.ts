/**
 * docs/product/README.md#routes against the router: every path of the table reaches the screen the table says
 * (a built row a registered route, not the "No Page Found" catch-all), and every path the router registers is in
 * the table. Fails when a screen is added, moved or removed without the table following (issue 25 item 14).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { builtPaths, idFreePaths, parseRouteTable, projectPaths } from '../../../test/e2e/support/route-table';
import { appRoutes } from './router';

/** The Routes table's rows (docs/product/README.md#routes). */
const routeTable = () => parseRouteTable(readFileSync(join(__dirname, '../../../docs/product/README.md'), 'utf8'));

/** A concrete URL for a table path: `{x}` becomes a value, the query is dropped. */
const concrete = (path: string) => path.replace(/\?.*$/, '').replace(/\{[^}]+\}/g, '7');

/** The deepest route a URL reaches, or null for the catch-all ("No Page Found" or a redirect of unknown paths). */
function reached(url: string): string | null {
  const matches = matchRoutes(appRoutes, url) ?? [];
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
  const missing = [...new Set(registered(appRoutes).map(shape))].filter((path) => !documented.has(path));
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
  const needsNoValue = registered(appRoutes)
    .map(shape)
    .filter((path) => !withQuery.has(path))
    .filter((path) => !path.includes(':') || /^\/main\/project\/:(\/[^:]*)?$/.test(path));
  expect(needsNoValue.length).toBeGreaterThan(30);
  expect(needsNoValue.filter((path) => !visited.has(path))).toEqual([]);
});
