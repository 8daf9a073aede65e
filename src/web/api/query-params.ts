/**
 * Query strings as the contract writes them: an array parameter (`style: form, explode: true`) repeats its
 * name, `?statusId=1&statusId=2`; an empty array sends nothing; undefined values are left out.
 */
export function serializeQueryParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  return search.toString();
}
