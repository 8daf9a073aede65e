/**
 * The Routes table of docs/product/README.md, read by the jest check that keeps it equal to the router
 * (src/web/app/route-table.test.ts) and by the journeys that visit every route (the router itself cannot load
 * outside the bundler: its screens use Lingui's compile-time macros).
 */

export interface RouteTableRow {
  /** The row's absolute paths (`{x}` stands for a value). */
  paths: string[];
  /** The table's "built" cell. */
  built: string;
}

/** The Routes section's rows (first column: backticked absolute paths; third: built), from the README's text. */
export function parseRouteTable(readme: string): RouteTableRow[] {
  const start = readme.indexOf('## Routes');
  if (start < 0) throw new Error('docs/product/README.md has no "## Routes" section');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 3));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| route') && !line.startsWith('|---'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return { paths: [...cells[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), built: cells[3]! };
    })
    .filter((row) => row.paths.length > 0);
}

/** Every built path of the table, once, in the table's order. */
export const builtPaths = (rows: RouteTableRow[]): string[] => [
  ...new Set(rows.filter((row) => row.built === 'yes').flatMap((row) => row.paths)),
];

/** Paths that need no value: no `{x}` and no query. */
export const idFreePaths = (paths: string[]): string[] => paths.filter((path) => !/[{?]/.test(path));

/** A project's own screens: the paths whose only value is the project's `{id}`, with that id filled in. */
export const projectPaths = (paths: string[], projectId: number): string[] =>
  paths
    .filter((path) => path.startsWith('/main/project/{id}') && path.match(/\{/g)!.length === 1 && !path.includes('?'))
    .map((path) => path.replace('{id}', String(projectId)));
