import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed answer saves less than the work and the extra header cost. */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses JSON answers above the threshold (brotli or gzip by Accept-Encoding). Only JSON: the console's
 * files are precompressed at build time and served by static-console.ts, never compressed a second time.
 * Request bodies are not decompressed. Register before the routes: the plugin hooks them as they are added.
 */
export async function registerApiCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    threshold: API_COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
  });
}
