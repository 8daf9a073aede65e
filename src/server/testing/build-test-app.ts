import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type BuildAppOptions } from '../app';

/** buildApp as tests want it: silent logs, no periodic outbox or job sweep, ready for inject. */
export async function buildTestApp(
  options: Omit<BuildAppOptions, 'logger' | 'outboxSweepMs' | 'jobSweepMs'> & { distDir: string },
): Promise<FastifyInstance> {
  const app = await buildApp({
    ...options,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    outboxSweepMs: null,
    jobSweepMs: null,
  });
  await app.ready();
  return app;
}
