import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { SERVER_ERROR_MESSAGE } from './error-handler';

const READY_TIMEOUT_MS = 2_000;

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      sql`SELECT 1`.execute(db).then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a load balancer or orchestrator, outside the contract (no tenant, no token): `live` says the
 * process answers; `ready` says it can reach its database (503 while PostgreSQL is down or restarting).
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/health/live', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'live' }),
  );
  app.get('/api/health/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await databaseAnswers(db)) return reply.send({ status: 'ready' });
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ status: 'unavailable', message: SERVER_ERROR_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
  });
}
