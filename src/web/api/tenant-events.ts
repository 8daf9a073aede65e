/**
 * The operating tenant's live changes (streamTenantEvents, ADR 0078), read with fetch rather than EventSource: the
 * stream needs the session headers every call sends, and EventSource cannot send headers. Reconnects after a drop
 * with the last event's id as Last-Event-ID, so nothing committed meanwhile is missed.
 *
 * The stream is closed while the page is hidden for good or kept in the back/forward cache (`pagehide`) and
 * reopened when it shows again: a browser holds six connections per server, and a page it keeps with its stream
 * open holds one of them, so five full page loads left the sixth waiting for a free connection.
 */
/** The `data` of a `change` event (the contract's TenantChange). */
export interface TenantChange {
  tags: string[];
}

export interface TenantEventsOptions {
  accessToken: string;
  idToken: string | null;
  tenantId: number;
  /** The contract tags whose data changed. */
  onChange: (tags: TenantChange['tags']) => void;
  /** Changes may have been missed: refetch everything shown. */
  onResync: () => void;
  fetchImpl?: typeof fetch;
  /** Waits before a reconnect; tests pass a quick one. */
  wait?: (ms: number) => Promise<void>;
  /** Where `pagehide` and `pageshow` are heard: the window, or a test's stand-in. */
  page?: EventTarget;
}

const EVENTS_URL = new URL('/api/user-service/v1/events', globalThis.location?.origin ?? 'http://localhost').href;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

interface Frame {
  event: string;
  id: string | null;
  data: string;
}

/** Splits the text of a stream into events (the WHATWG event-stream format: blocks of `field: value` lines). */
export function parseFrames(buffer: string): { frames: Frame[]; rest: string } {
  const frames: Frame[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) frames.push({ event, id, data: data.join('\n') });
  }
  return { frames, rest };
}

/** Opens the stream and keeps it open until the returned function is called. */
export function followTenantEvents(options: TenantEventsOptions): () => void {
  const controller = new AbortController();
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const page = options.page ?? globalThis.window;
  let lastEventId: string | null = null;
  let attempt: AbortController | null = null;
  let shown: Promise<void> | null = null;
  let show = () => {};
  const onHide = () => {
    if (!shown) shown = new Promise<void>((resolve) => (show = resolve));
    attempt?.abort();
  };
  const onShow = () => {
    shown = null;
    show();
  };
  page?.addEventListener('pagehide', onHide);
  page?.addEventListener('pageshow', onShow);
  controller.signal.addEventListener('abort', () => {
    page?.removeEventListener('pagehide', onHide);
    page?.removeEventListener('pageshow', onShow);
    attempt?.abort();
    show();
  });

  const handle = (frame: Frame) => {
    if (frame.id) lastEventId = frame.id;
    if (frame.event === 'resync') options.onResync();
    if (frame.event !== 'change') return;
    const change = JSON.parse(frame.data) as TenantChange;
    if (change.tags.length) options.onChange(change.tags);
  };

  const readOnce = async (): Promise<'again' | 'stop'> => {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${options.accessToken}`,
      operatingTenant: String(options.tenantId),
      Accept: 'text/event-stream',
    };
    if (options.idToken) headers['Id-Token'] = options.idToken;
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    attempt = new AbortController();
    const response = await fetchImpl(EVENTS_URL, { headers, signal: attempt.signal, cache: 'no-store' });
    // The session or the tenant is no longer valid: the console's other calls say so; this stream just stops.
    if (response.status === 401 || response.status === 403) return 'stop';
    if (!response.ok || !response.body) return 'again';
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'again';
      const parsed = parseFrames(buffer + decoder.decode(value, { stream: true }));
      buffer = parsed.rest;
      parsed.frames.forEach(handle);
    }
  };

  void (async () => {
    let delay = FIRST_RETRY_MS;
    while (!controller.signal.aborted) {
      if (shown) {
        await shown;
        delay = FIRST_RETRY_MS;
        continue;
      }
      const opened = Date.now();
      let outcome: 'again' | 'stop' = 'again';
      try {
        outcome = await readOnce();
      } catch {
        outcome = 'again';
      }
      if (outcome === 'stop' || controller.signal.aborted) return;
      if (shown) continue;
      // A stream that stayed open a while dropped (a restart, a proxy): reconnect soon; one failing at once backs off.
      delay = Date.now() - opened > LONGEST_RETRY_MS ? FIRST_RETRY_MS : Math.min(delay * 2, LONGEST_RETRY_MS);
      await wait(delay);
    }
  })();
  return () => controller.abort();
}
