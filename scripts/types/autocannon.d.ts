// The part of autocannon's API that scripts/bench.ts, bench-fairness.ts and scripts/bench/ use; the package ships no
// types.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    /** Requests per second over all connections (a steady client instead of a flood). */
    overallRate?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** The requests each connection sends in turn; `setupRequest` may change each one before it goes. */
    requests?: RequestOptions[];
  }
  interface RequestOptions {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestOptions) => RequestOptions;
  }
  interface Result {
    latency: { p50: number; p99: number; average: number };
    requests: { average: number; total: number };
    '2xx': number;
    non2xx: number;
    errors: number;
    /** Answers per HTTP status. */
    statusCodeStats?: Record<string, { count: number }>;
  }
  /** A thenable run (only `then` exists at run time, not `catch`/`finally`); `stop()` ends it early. */
  interface Run extends PromiseLike<Result> {
    stop(): void;
    /** Each answer as it arrives: its status, size and latency (ms). */
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  }
  export default function autocannon(options: Options): Run;
}
