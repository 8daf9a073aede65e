import { followTenantEvents, parseFrames } from './tenant-events';

const streamOf = (...chunks: string[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

it('parses event-stream blocks, keeping an unfinished one for the next chunk and skipping comments', () => {
  const { frames, rest } = parseFrames(
    'retry: 2000\n\n: keep-alive\n\nid: 7\nevent: change\ndata: {"tags":["Result"]}\n\nid: 8\nevent: cha',
  );
  expect(frames).toEqual([{ event: 'change', id: '7', data: '{"tags":["Result"]}' }]);
  expect(rest).toBe('id: 8\nevent: cha');
});

it('sends the session headers, reports changes and resyncs, and reconnects with the last event id', async () => {
  const calls: Headers[] = [];
  const answers = [
    streamOf(
      'id: 5\nevent: ready\ndata: {"tenantId":2,"version":5}\n\nid: 6\nevent: change\ndata: {"tags":["Re',
      'sult","Dashboard"]}\n\n',
    ),
    streamOf('id: 9\nevent: resync\ndata: {"reason":"history"}\n\n'),
    new Response(null, { status: 401 }),
  ];
  const fetchImpl = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Headers(init?.headers));
    return answers.shift()!;
  });
  const changes: string[][] = [];
  let resyncs = 0;
  followTenantEvents({
    accessToken: 'access',
    idToken: 'id',
    tenantId: 2,
    onChange: (tags) => changes.push(tags),
    onResync: () => (resyncs += 1),
    fetchImpl: fetchImpl as typeof fetch,
    wait: () => Promise.resolve(),
  });
  await new Promise<void>((resolve) => {
    const check = () => (fetchImpl.mock.calls.length === 3 ? resolve() : setTimeout(check, 5));
    check();
  });
  expect(changes).toEqual([['Result', 'Dashboard']]);
  expect(resyncs).toBe(1);
  expect(calls[0]!.get('authorization')).toBe('Bearer access');
  expect(calls[0]!.get('id-token')).toBe('id');
  expect(calls[0]!.get('operatingtenant')).toBe('2');
  expect(calls[0]!.has('last-event-id')).toBe(false);
  expect(calls[1]!.get('last-event-id')).toBe('6');
  expect(calls[2]!.get('last-event-id')).toBe('9');
  // A 401 stops the stream for good: no fourth call.
  await new Promise((r) => setTimeout(r, 50));
  expect(fetchImpl).toHaveBeenCalledTimes(3);
});

it('closes the stream when the page is hidden or cached, and reopens it where it left off when the page shows', async () => {
  const page = new EventTarget();
  const signals: AbortSignal[] = [];
  const lastIds: (string | null)[] = [];
  const fetchImpl = jest.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init!.signal!;
        signals.push(signal);
        lastIds.push(new Headers(init?.headers).get('last-event-id'));
        // The first stream says one event and stays open; the browser aborts it on pagehide.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('id: 4\nevent: change\ndata: {"tags":["Result"]}\n\n'));
            signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        if (signal.aborted) reject(new DOMException('aborted', 'AbortError'));
        else resolve(new Response(body, { status: 200 }));
      }),
  );
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (done() ? resolve() : setTimeout(check, 5));
      check();
    });
  const stop = followTenantEvents({
    accessToken: 'access',
    idToken: null,
    tenantId: 2,
    onChange: () => {},
    onResync: () => {},
    fetchImpl: fetchImpl as typeof fetch,
    wait: () => Promise.resolve(),
    page,
  });
  await until(() => signals.length === 1);
  page.dispatchEvent(new Event('pagehide'));
  expect(signals[0]!.aborted).toBe(true);
  // Hidden: no reconnect, however long it stays so.
  await new Promise((r) => setTimeout(r, 50));
  expect(fetchImpl).toHaveBeenCalledTimes(1);
  page.dispatchEvent(new Event('pageshow'));
  await until(() => signals.length === 2);
  expect(lastIds).toEqual([null, '4']);
  stop();
  expect(signals[1]!.aborted).toBe(true);
});
