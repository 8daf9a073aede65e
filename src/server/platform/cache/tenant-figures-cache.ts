import { createHash } from 'node:crypto';
import type { Db } from '../db/schema';
import { NotModified } from '../http/conditional';
import type { TenantContext } from '../openapi/handler';
import { allTenantsDataVersion, tenantDataVersion } from './data-version-store';

/** Answers kept per process; old versions fall out first (least recently used). */
const MAX_ENTRIES = 1_000;

const caches = new WeakMap<Db, Map<string, unknown>>();

const cacheOf = (db: Db): Map<string, unknown> => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
};

/**
 * A tenant-wide read answered from the cache keyed by the tenant's data version (ADR 0025), with an ETag made of
 * the same key: a client that holds it gets 304 (NotModified) without the figures being read or sent. `parts`
 * are everything else the answer depends on (arguments, language, the day for figures relative to today).
 * Costs one primary-key read per request; `trx` is the account's transaction (`ctx.inAccount`). Nothing is ever
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
  return remembered(ctx, (await versionedKey(ctx, trx, name, parts)).key, read);
}

async function versionedKey(ctx: TenantContext, trx: Db, name: string, parts: readonly unknown[]) {
  const scope = ctx.everyAccount ? null : ctx.account.id;
  const tenantId = scope ?? 'all';
  const version = scope === null ? await allTenantsDataVersion(trx) : await tenantDataVersion(trx, scope);
  const key = createHash('sha256')
    .update(JSON.stringify([name, tenantId, version, parts]))
    .digest('base64url')
    .slice(0, 27);
  return { version, key };
}

async function remembered<T>(ctx: TenantContext, key: string, read: () => Promise<T>): Promise<T> {
  const cache = cacheOf(ctx.deps.db);
  if (cache.has(key)) {
    const hit = cache.get(key) as T;
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const value = await read();
  cache.set(key, value);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
