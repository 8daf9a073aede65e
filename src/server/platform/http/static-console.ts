import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../openapi/register-operations';

export const DEFAULT_DIST_DIR = join(import.meta.dirname, '../../../../dist');

/**
 * Serves the built console (webpack output) at `/` when it exists, with the SPA fallback: a GET for a
 * console route (no file extension, outside /api) answers index.html. Everything else unknown is a JSON 404.
 */
export async function registerStaticConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const hasConsole = existsSync(join(distDir, 'index.html'));
  if (hasConsole) await app.register(fastifyStatic, { root: distDir, prefix: '/', index: 'index.html' });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    const isConsoleRoute = !isApi && (request.method === 'GET' || request.method === 'HEAD') && !/\.[^/]*$/.test(path);
    if (hasConsole && isConsoleRoute) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
  });
}
