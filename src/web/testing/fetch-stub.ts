/**
 * A fetch replacement for component tests, keyed by `METHOD /path` (e.g. `GET /api/user-service/v1/user/userInfo`).
 * Answers are contract-shaped bodies; every request is recorded for assertions. A request nobody stubbed gets a
 * 404 and is listed in `unexpected`.
 */
export interface StubAnswer {
  status?: number;
  /** A contract-shaped JSON body, or a Blob sent as it is (a file answer). */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A stubbed route: an answer, or a function of the request. `answerOf` gives what another route of the installed
 * table answers the same request, for a composite call (the session bootstrap answers what five calls answer).
 */
export type StubHandler =
  | StubAnswer
  | ((request: RecordedRequest, answerOf: (key: string) => Promise<StubAnswer>) => StubAnswer | Promise<StubAnswer>);

export interface RecordedRequest {
  method: string;
  path: string;
  key: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface FetchStub {
  requests: RecordedRequest[];
  unexpected: string[];
  /** Replaces or adds answers (e.g. to make a later call fail). */
  answer: (routes: Record<string, StubHandler>) => void;
  callsTo: (key: string) => RecordedRequest[];
  keys: () => string[];
}

const parseBody = async (request: Request): Promise<unknown> => {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

export const installFetchStub = (routes: Record<string, StubHandler>): FetchStub => {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const unexpected: string[] = [];

  const stub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      key,
      query: url.searchParams,
      headers: request.headers,
      body: await parseBody(request.clone()),
    };
    requests.push(recorded);
    const answerOf = async (routeKey: string): Promise<StubAnswer> => {
      const handler = table.get(routeKey);
      if (handler === undefined) {
        unexpected.push(routeKey);
        return { status: 404, body: { message: `No stub for ${routeKey}` } };
      }
      return typeof handler === 'function' ? handler({ ...recorded, key: routeKey }, answerOf) : handler;
    };
    const answer = await answerOf(key);
    const status = answer.status ?? 200;
    const options = { status, ...(answer.headers && { headers: answer.headers }) };
    if (answer.body instanceof Blob) return new Response(answer.body, options);
    return answer.body === undefined ? new Response(null, options) : Response.json(answer.body, options);
  };

  globalThis.fetch = jest.fn(stub) as typeof fetch;

  return {
    requests,
    unexpected,
    answer: (more) => {
      for (const [key, handler] of Object.entries(more)) table.set(key, handler);
    },
    callsTo: (key) => requests.filter((request) => request.key === key),
    keys: () => requests.map((request) => request.key),
  };
};
