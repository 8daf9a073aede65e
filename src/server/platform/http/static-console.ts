import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { consoleFileFor } from '../../../shared/console-pages';
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

/** An executable inline script (no `src`, no `type`: the data blocks React renders are not scripts). */
const INLINE_SCRIPT = /<script(?![^>]*\s(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The content security policy's sources for the inline scripts of the console's documents: the one each
 * prerendered page runs before its first paint (ADR 0082), allowed by hash rather than 'unsafe-inline'.
 */
export function consoleInlineScriptHashes(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  const hashes = new Set<string>();
  for (const file of readdirSync(distDir).filter((name) => name.endsWith('.html'))) {
    for (const match of readFileSync(join(distDir, file), 'utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/**
 * Serves the built console (webpack output) at `/` when it exists, with the SPA fallback: a GET for a console route
 * (no file extension, outside /api) answers the document of its address: the prerendered shell frame for /main
 * addresses, the plain document for the others (shared/console-pages.ts, ADR 0082; index.html, the sign-in page,
 * where a build has no other). Files go out as the brotli or gzip copy built beside them when the browser accepts it
 * (ADR 0012). Everything else unknown is a JSON 404.
 */
export async function registerStaticConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const hasConsole = existsSync(join(distDir, 'index.html'));
  const documents = hasConsole
    ? new Set(readdirSync(distDir).filter((name) => name.endsWith('.html')))
    : new Set<string>();
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
    if (hasConsole && isConsoleRoute) {
      const file = consoleFileFor(path);
      return reply.sendFile(documents.has(file) ? file : 'index.html');
    }
    return reply.code(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
  });
}
