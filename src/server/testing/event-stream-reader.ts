import type { SignedIn } from './api-client';

export interface ReceivedEvent {
  event: string;
  id: string | null;
  data: unknown;
}

/** A server-sent event stream read over HTTP, as the console reads it (fetch with the session headers). */
export interface OpenStream {
  status: number;
  events: ReceivedEvent[];
  /** Resolves with the first event (after those already read) that matches, or rejects after `timeoutMs`. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

/** Opens streamTenantEvents on a listening server (`base` like http://127.0.0.1:1234). */
export async function openEventStream(
  base: string,
  token: SignedIn,
  tenantId: number,
  lastEventId?: string,
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/user-service/v1/events`, {
    headers: {
      authorization: `Bearer ${token.accessToken}`,
      'id-token': token.idToken,
      operatingTenant: String(tenantId),
      accept: 'text/event-stream',
      ...(lastEventId && { 'last-event-id': lastEventId }),
    },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const waiters: (() => void)[] = [];
  let consumed = 0;
  if (response.ok && response.body) {
    void (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (!line || line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
            }
            if (!fields.has('event')) continue;
            events.push({
              event: fields.get('event')!,
              id: fields.get('id') ?? null,
              data: JSON.parse(fields.get('data') ?? 'null'),
            });
            for (const wake of waiters.splice(0)) wake();
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  } else {
    await response.text();
  }
  return {
    status: response.status,
    events,
    async next(match, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e, i) => i >= consumed && match(e));
        if (index >= 0) {
          consumed = index + 1;
          return events[index]!;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => controller.abort(),
  };
}
