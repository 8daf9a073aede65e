import { createHash } from 'node:crypto';
import type { Db } from '../db/schema';
import { NotModified } from '../http/conditional';
import type { TenantContext } from '../openapi/handler';
import { allTenantsDataVersion, tenantVersions, type TenantVersions } from './data-version-store';

/**
 * Where a kept answer lives: `parts`, the figures, totals and probes (small), or `pages`, a list's page of rows (up
 * to 100 rows each, ADR 0141), kept apart so that pages cannot push the small parts out nor take much memory.
 */
export type KeptStore = 'parts' | 'pages';

/** Answers kept per process and store; old versions fall out first (least recently used). */
const MAX_ENTRIES: Record<KeptStore, number> = { parts: 1_000, pages: 100 };

/**
 * Whether a page of rows is small enough for the `pages` store: at most 100 rows (about 60 kB of results, ADR 0141),
 * so 100 kept pages stay a few megabytes whatever page size a report allows (up to 500 rows, ADR 0180).
 */
export const keepablePage = (rows: readonly unknown[]): boolean => rows.length <= 100;

const caches: Record<KeptStore, WeakMap<Db, Map<string, unknown>>> = { parts: new WeakMap(), pages: new WeakMap() };

const cacheOf = (db: Db, store: KeptStore): Map<string, unknown> => {
  let cache = caches[store].get(db);
  if (!cache) {
    cache = new Map();
    caches[store].set(db, cache);
  }
  return cache;
};

/**
 * A tenant-wide read answered from the cache keyed by the tenant's data version (ADR 0025), with an ETag made of
 * the same key: a client that holds it gets 304 (NotModified) without the figures being read or sent. `parts`
 * are everything else the answer depends on (arguments, language, the day for figures relative to today).
 * Costs one primary-key read per request (none for a read operation of the operating account, whose versions came
 * with its principal: ADR 0171); `trx` is the account's transaction (`ctx.inAccount`). Nothing is ever
 * invalidated by hand: a write bumps the version in its own transaction, so no instance can serve a stale answer
 * once it committed, and the version lives in the database, so instances need share nothing else.
 */
export async function cachedTenantFigures<T>(
  ctx: TenantContext,
  trx: Db,
  name: string,
  parts: readonly unknown[],
  read: () => Promise<T>,
): Promise<T> {
  const { version, key } = await versionedKey(ctx, trx, name, parts);
  // Weak: the same figures go out brotli, gzip or plain.
  if (ctx.revalidate(`W/"${version}-${key}"`)) throw new NotModified();
  return remembered(ctx, key, read);
}

/**
 * Part of an answer (a list's total, say) kept under the data version of the account the operation acts on
 * (`ctx.account`, or every account's when `ctx.everyAccount`) like cachedTenantFigures, without an ETag: the rest
 * of the answer is read each time. Correct for the same reason: any write to the account moves the version in its
 * transaction. `trx` is the account's transaction (`ctx.inAccount`), which sees its version rows.
 */
export async function cachedUnderDataVersion<T>(
  ctx: TenantContext,
  trx: Db,
  name: string,
  parts: readonly unknown[],
  read: () => Promise<T>,
): Promise<T> {
  return keptUnderDataVersion(ctx, trx)(name, parts, read);
}

/**
 * cachedUnderDataVersion for several parts of one answer, under one read of the version. `keepIf`: whether a value
 * read is kept (a large one is answered but not kept, so the cache's entries stay small); `store`: where it is kept.
 */
export type KeptUnderDataVersion = <T>(
  name: string,
  parts: readonly unknown[],
  read: () => Promise<T>,
  keepIf?: (value: T) => boolean,
  store?: KeptStore,
) => Promise<T>;

/** A scope of kept parts (keptUnderDataVersion), with `underResults` beside it sharing its one read of the versions. */
export type KeptUnderDataVersions = KeptUnderDataVersion & {
  /**
   * Keeps a part that reads only what the results version covers (migration 118, ADR 0148: which results a Results
   * tab filter matches: its total, its search probe) under that version, which a note or an invitation does not move.
   * Under every account (`ctx.everyAccount`) it is the data version.
   */
  underResults: KeptUnderDataVersion;
};

/**
 * Keeps several parts of one answer (a list's search probe and its total) under the data version, read once, on
 * first use, for all of them. For a stretch of reads only: a write after the version was read moves it, and this
 * scope would not see it, so a handler that writes makes its scope after its last write.
 */
export function keptUnderDataVersion(ctx: TenantContext, trx: Db): KeptUnderDataVersions {
  let versions: Promise<TenantVersions> | undefined;
  const under =
    (pick: (v: TenantVersions) => string): KeptUnderDataVersion =>
    (name, parts, read, keepIf, store) => {
      versions ??= dataVersionsOf(ctx, trx);
      return versions.then((v) => remembered(ctx, keyOf(ctx, pick(v), name, parts), read, keepIf, store));
    };
  // The results version is a number apart: "r" keeps its keys from ever meeting the data version's.
  return Object.assign(
    under((v) => v.data),
    { underResults: under((v) => `r${v.results}`) },
  );
}

const dataVersionsOf = async (ctx: TenantContext, trx: Db): Promise<TenantVersions> => {
  // A read operation of the operating account: the versions came with the principal (ADR 0171), no statement here.
  if (ctx.versionsRead) return ctx.versionsRead;
  if (!ctx.everyAccount) return tenantVersions(trx, ctx.account.id);
  const all = await allTenantsDataVersion(trx);
  return { data: all, results: all };
};

const dataVersionOf = async (ctx: TenantContext, trx: Db) => (await dataVersionsOf(ctx, trx)).data;

const keyOf = (ctx: TenantContext, version: string, name: string, parts: readonly unknown[]) =>
  createHash('sha256')
    .update(JSON.stringify([name, ctx.everyAccount ? 'all' : ctx.account.id, version, parts]))
    .digest('base64url')
    .slice(0, 27);

async function versionedKey(ctx: TenantContext, trx: Db, name: string, parts: readonly unknown[]) {
  const version = await dataVersionOf(ctx, trx);
  return { version, key: keyOf(ctx, version, name, parts) };
}

async function remembered<T>(
  ctx: TenantContext,
  key: string,
  read: () => Promise<T>,
  keepIf: (value: T) => boolean = () => true,
  store: KeptStore = 'parts',
): Promise<T> {
  const cache = cacheOf(ctx.deps.db, store);
  if (cache.has(key)) {
    const hit = cache.get(key) as T;
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const value = await read();
  if (!keepIf(value)) return value;
  cache.set(key, value);
  if (cache.size > MAX_ENTRIES[store]) cache.delete(cache.keys().next().value!);
  return value;
}
