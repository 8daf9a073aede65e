import { PassThrough, type Readable } from 'node:stream';
import { tagsOfTable } from './change-tags';
import type { ChangeFeed, TenantChange } from './change-feed';

/** The route of streamTenantEvents: open streams are not counted as requests in progress (rate-limits.ts). */
export const EVENT_STREAM_PATH = '/api/user-service/v1/events';

/** Changes arriving together (transactions committed close together) go out as one event, at most this often. */
export const COALESCE_MS = 150;
/** A comment line this often keeps proxies (nginx's 60 s read timeout) from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;

export interface TenantStreamOptions {
  feed: ChangeFeed;
  tenantId: number;
  /** The Last-Event-ID the client sent on reconnecting (the version of the last event it got), if any. */
  lastEventId: number | null;
  /** The tenant's data version now (read in the tenant's transaction). */
  currentVersion: () => Promise<number>;
  /** Told when the stream opens and closes (metrics). */
  onOpen?: () => void;
  onClose?: () => void;
}

const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const tagsOf = (changes: readonly TenantChange[]) =>
  [...new Set(changes.flatMap((c) => c.tables.flatMap(tagsOfTable)))].sort();

/**
 * The server-sent event stream of one operating tenant (ADR 0078; the contract's streamTenantEvents):
 * `change` names the contract tags whose data changed (its id is the tenant's data version after them), `resync`
 * says changes may have been missed and everything shown should be refetched, `ready` says the stream is
 * listening. A reconnecting client's Last-Event-ID is answered with what it missed, or with `resync`.
 */
export async function openTenantStream(options: TenantStreamOptions): Promise<Readable> {
  const { feed, tenantId } = options;
  const out = new PassThrough();
  const pending: TenantChange[] = [];
  let lastSent = 0;
  let flushTimer: NodeJS.Timeout | null = null;
  let lastFlush = 0;
  let closed = false;

  const write = (text: string) => {
    if (!closed) out.write(text);
  };
  const flush = () => {
    flushTimer = null;
    lastFlush = Date.now();
    const changes = pending.splice(0).filter((c) => c.version > lastSent);
    if (!changes.length) return;
    lastSent = Math.max(...changes.map((c) => c.version));
    const tags = tagsOf(changes);
    if (tags.length) write(frame('change', { tags }, lastSent));
  };
  // Subscribed before the version is read, so nothing committed in between is lost (older ones are dropped).
  const unsubscribe = feed.subscribe(tenantId, (change) => {
    pending.push(change);
    if (flushTimer || !lastSent) return;
    flushTimer = setTimeout(flush, Math.max(20, COALESCE_MS - (Date.now() - lastFlush)));
  });
  const stopGaps = feed.onGap(() => write(frame('resync', { reason: 'missed' })));
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    stopGaps();
    clearInterval(keepAlive);
    if (flushTimer) clearTimeout(flushTimer);
    options.onClose?.();
  };
  out.once('close', close);
  out.once('error', close);
  options.onOpen?.();

  try {
    const current = await options.currentVersion();
    write(`retry: ${RETRY_MS}\n\n`);
    const since = options.lastEventId;
    if (since !== null && since < current) {
      const missed = feed.since(tenantId, since, current);
      if (missed === null) write(frame('resync', { reason: 'history' }, current));
      else if (tagsOf(missed).length) write(frame('change', { tags: tagsOf(missed) }, current));
    }
    lastSent = Math.max(current, since ?? 0);
    write(frame('ready', { tenantId, version: lastSent }, lastSent));
    if (pending.some((c) => c.version > lastSent)) flushTimer = setTimeout(flush, 0);
  } catch (error) {
    close();
    out.destroy(error as Error);
  }
  return out;
}
