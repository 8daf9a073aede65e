import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../openapi/register-operations';

export const DEFAULT_DIST_DIR = join(import.meta.dirname, '../../../../dist');

/** webpack names every chunk and asset `[name].[contenthash:10][ext]` (webpack.config.ts). */
const CONTENT_HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;
/** Source maps stay in dist/ for the bench; the precompressed copies are served only by negotiation. */
const NOT_SERVED = /\.(?:map|br|gz)$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file's name may never change content, so it is cached for a year; anything else is revalidated. */
export function cacheControlFor(filePath: string): string {
  return CONTENT_HASHED.test(basename(filePath).replace(/\.(?:br|gz)$/, '')) ? IMMUTABLE : 'no-cache';
}

function setStaticHeaders(response: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  response.setHeader('Cache-Control', cacheControlFor(filePath));
  response.setHeader('Vary', 'Accept-Encoding');
}

/**
 * Serves the built console (webpack output) at `/` when it exists, with the SPA fallback: a GET for a
 * console route (no file extension, outside /api) answers index.html. Files go out as the brotli or gzip copy
 * built beside them when the browser accepts it (ADR 0012). Everything else unknown is a JSON 404.
 */
export async function registerStaticConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const hasConsole = existsSync(join(distDir, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: setStaticHeaders,
      allowedPath: (path) => !NOT_SERVED.test(path),
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    const isConsoleRoute = !isApi && (request.method === 'GET' || request.method === 'HEAD') && !/\.[^/]*$/.test(path);
    if (hasConsole && isConsoleRoute) return reply.sendFile('index.html');
    return reply.code(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
  });
}
