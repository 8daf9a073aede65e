import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What an X-Request-Id from a load balancer may look like to be kept (nginx's $request_id, UUIDs, ...). */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id (ADR 0079): the X-Request-Id the balancer set when it looks like an id, else a new UUID. Fastify
 * puts it in every log line of the request (`reqId`); the answer carries it back in X-Request-Id, errors included.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && ACCEPTED.test(sent) ? sent : randomUUID();
}

export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
}
