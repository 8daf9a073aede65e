import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type BuildAppOptions } from '../app';

/** buildApp as tests want it: silent logs, no outbox sweep, ready for inject. */
export async function buildTestApp(
  options: Omit<BuildAppOptions, 'logger' | 'outboxSweepMs'> & { distDir: string },
): Promise<FastifyInstance> {
  const app = await buildApp({ ...options, logger: pino({ level: 'silent' }), outboxSweepMs: null });
  await app.ready();
  return app;
}
