/**
 * One outbound HTTP request through the egress agents (ADR 0069): no redirect is followed (a 3xx is the answer),
 * the body of the answer is not read, and every failure to get an answer (refused by the policy, a closed port, a
 * reset, a timeout, an unknown name) is the same EgressUnreachable, so what a tenant sees cannot tell them apart.
 */
import http from 'node:http';
import https from 'node:https';
import type { EgressAgents } from './egress-agents';

export const UNREACHABLE_MESSAGE = 'The receiver could not be reached.';

/** The one failure a tenant sees; `cause` is for the operator's log. */
export class EgressUnreachable extends Error {
  constructor(cause: unknown) {
    super(UNREACHABLE_MESSAGE, { cause });
  }
}

export interface EgressRequest {
  method: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
}

/** Sends the request and answers the status code once the answer's head arrives. */
export function sendEgressRequest(agents: EgressAgents, url: string, init: EgressRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw new Error(`${target.protocol} is not HTTP`);
    } catch (error) {
      reject(new EgressUnreachable(error));
      return;
    }
    const secure = target.protocol === 'https:';
    const request = (secure ? https : http).request(target, {
      method: init.method,
      headers: {
        ...init.headers,
        ...(init.body !== undefined && { 'content-length': String(Buffer.byteLength(init.body)) }),
      },
      agent: secure ? agents.https : agents.http,
      timeout: init.timeoutMs,
    });
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${init.timeoutMs} ms`)),
      init.timeoutMs,
    );
    request.once('timeout', () => request.destroy(new Error(`no answer within ${init.timeoutMs} ms`)));
    request.once('error', (error) => {
      clearTimeout(deadline);
      reject(new EgressUnreachable(error));
    });
    request.once('response', (response) => {
      clearTimeout(deadline);
      response.resume(); // the answer's body is not needed; drained so the connection can be reused
      resolve(response.statusCode ?? 0);
    });
    request.end(init.body);
  });
}
