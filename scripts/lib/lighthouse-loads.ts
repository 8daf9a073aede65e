/** The project list's call (`listProjectCards`), made when the dashboard's list renders. */
export const PROJECT_LIST_CALL = '/project-service/v1/project/projectListNew';

/**
 * Whether a load asked for the project list's cards (ADR 0140, 0145): on a phone the list renders only when scrolled
 * near, so a dashboard load whose network records hold this call rendered the list inside the window Lighthouse counts.
 */
export function fetchedProjectList(requests: readonly { url: string }[]): boolean {
  return requests.some((request) => new URL(request.url, 'http://x').pathname.endsWith(PROJECT_LIST_CALL));
}

/**
 * The loads named in BENCH_LIGHTHOUSE_LOADS (comma-separated `<page>-<preset>`, e.g. `dashboard-mobile`), or all of
 * them when it is unset: a paired run of one load takes a quarter of the time.
 */
export function loadsNamed<T extends { page: string; preset: { name: string } }>(
  loads: readonly T[],
  named: string | undefined,
): T[] {
  if (!named?.trim()) return [...loads];
  const names = named.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !loads.some((load) => `${load.page}-${load.preset.name}` === name));
  if (unknown.length) throw new Error(`BENCH_LIGHTHOUSE_LOADS: no load named ${unknown.join(', ')}`);
  return loads.filter((load) => names.includes(`${load.page}-${load.preset.name}`));
}
