import type { FastifyInstance } from 'fastify';

/**
 * API answers carry tokens (userLogin) and personal data (getUserInfo and the rest): no cache keeps them
 * unless a route chose a caching policy of its own (ADR 0013).
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
