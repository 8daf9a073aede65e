/**
 * Values seen in successful answers, kept by field name and by the operation's tag, so that generated requests
 * name records that exist (`GET /project/{id}` with an `id` a project list answered) and reach the code behind the
 * 404. The kit knows nothing of the service: only what the answers said.
 */
import type { KitOperation } from './contract-model';

const MAX_PER_KEY = 24;
const MAX_DEPTH = 4;
const MAX_ITEMS = 25;

type Scalar = string | number;

export class ValuePool {
  readonly #byKey = new Map<string, Scalar[]>();
  readonly #preferred = new Map<string, Scalar>();

  /** A value that always comes first for a field name (the tenant under test for `tenantId`). */
  prefer(name: string, value: Scalar): void {
    this.#preferred.set(name, value);
  }

  #add(key: string, value: Scalar): void {
    const list = this.#byKey.get(key) ?? [];
    if (!list.includes(value) && list.length < MAX_PER_KEY) list.push(value);
    this.#byKey.set(key, list);
  }

  /** Every scalar under a field name in a JSON answer of the operation. */
  harvest(operation: KitOperation, body: unknown): void {
    const tag = operation.tags[0] ?? '';
    const walk = (node: unknown, depth: number) => {
      if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const item of node.slice(0, MAX_ITEMS)) walk(item, depth + 1);
        return;
      }
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'number' || (typeof value === 'string' && value.length > 0 && value.length <= 64)) {
          this.#add(`*:${key}`, value);
          this.#add(`${tag}:${key}`, value);
        } else walk(value, depth + 1);
      }
    };
    walk(body, 0);
  }

  /**
   * Values for a parameter or field: a path's `{id}` first from fields named after the segment before it
   * (`/project/{id}` → `projectId`), then from the `id`s of answers of the operation's own tags; any other name from
   * fields of that name, and an `…Id` also from the `id`s of a tag of that name (`projectId` → tag `Project`).
   */
  candidates(operation: KitOperation, name: string): Scalar[] {
    const preferred = this.#preferred.get(name);
    if (preferred !== undefined) return [preferred];
    const found: Scalar[] = [];
    const take = (key: string) => found.push(...(this.#byKey.get(key) ?? []).filter((v) => !found.includes(v)));
    const segment = new RegExp(`/([A-Za-z]+?)s?/\\{${name}\\}`).exec(operation.path)?.[1];
    if (segment && name === 'id') {
      const owner = `${segment}Id`;
      const pinned = this.#preferred.get(owner);
      if (pinned !== undefined) return [pinned];
      for (const key of this.#byKey.keys()) if (key.split(':')[1]?.toLowerCase() === owner.toLowerCase()) take(key);
    }
    if (name === 'id') for (const tag of operation.tags) take(`${tag}:id`);
    for (const tag of operation.tags) take(`${tag}:${name}`);
    take(`*:${name}`);
    const owner = /^(.+?)_?Id$/i.exec(name)?.[1];
    if (owner) {
      for (const key of this.#byKey.keys()) {
        const [tag, field] = key.split(':');
        if (field === 'id' && tag!.toLowerCase() === owner.toLowerCase()) take(key);
      }
    }
    return found;
  }
}
