import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyApiReferenceOptions } from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance } from 'fastify';
import { CONTRACTS_DIR } from '../openapi/contract';
import { API_PREFIX } from '../openapi/register-operations';

/** The rendered reference answers at `/api/docs/`; each bundled document at `/api/docs/<service>.openapi.json`. */
export const API_DOCS_PATH = `${API_PREFIX}/docs`;
const DOCUMENT_SUFFIX = '.openapi.json';

interface BundledDocument {
  service: string;
  title: string;
  json: string;
}

/** The bundled documents `npm run codegen` writes, one per service. */
function bundledDocuments(dir: string): BundledDocument[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(DOCUMENT_SUFFIX))
    .sort()
    .map((file) => {
      const json = readFileSync(join(dir, file), 'utf8');
      const { info } = JSON.parse(json) as { info?: { title?: string } };
      const service = file.slice(0, -DOCUMENT_SUFFIX.length);
      return { service, title: info?.title ?? service, json };
    });
}

/** The conformance kit's guide for backend teams (docs/conformance.md), shown on the page beside the services. */
export const CONFORMANCE_GUIDE_FILE = join(import.meta.dirname, '../../../../docs/conformance.md');
export const CONFORMANCE_GUIDE_PATH = `${API_DOCS_PATH}/conformance-guide.json`;

/** The guide as a document without operations, so the reference renders its Markdown as one of its sources. */
function conformanceGuide(file: string): string | null {
  if (!existsSync(file)) return null;
  return JSON.stringify({
    openapi: '3.1.0',
    info: {
      title: 'Conformance kit: check a service against these documents',
      version: '1.0.0',
      description: readFileSync(file, 'utf8').replace(/^# .*\n/, ''),
    },
    paths: {},
  });
}

/** Where Scalar's plugin serves its page script, under the reference's path. */
const SCRIPT_PATH = 'js/scalar.js';

/**
 * Scalar's plugin on an app of its own, loaded on the first request for the page: its module holds the 4 MB page
 * script, and loading it cost half a second of every server start and every server test file (ADR 0194). The
 * routes stay the plugin's; this app only answers them.
 */
function lazyReference(options: FastifyApiReferenceOptions): {
  app(): Promise<FastifyInstance>;
  close(): Promise<void>;
} {
  let built: Promise<FastifyInstance> | null = null;
  return {
    app: () =>
      (built ??= import('@scalar/fastify-api-reference').then(async ({ default: plugin }) => {
        const app = Fastify();
        await app.register(plugin, options);
        return app;
      })),
    close: async () => {
      if (built) await (await built).close();
    },
  };
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The product's policy plus what the reference page needs and nothing more: its own script file (served from
 * here, 'self') and its inline start-up script, allowed by hash rather than 'unsafe-inline'.
 */
export function apiReferencePolicy(policy: string, html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
  return `${policy}; ${["script-src 'self'", ...hashes].join(' ')}`;
}

/**
 * The contract, browsable: Scalar's API reference over the bundled documents, all served by this server (the
 * machine may have no internet, and the page's policy allows no other origin). No sign-in: the contract is no
 * secret, and "Try it" calls go to this server's /api with the caller's own tokens.
 */
export async function registerApiReference(
  app: FastifyInstance,
  policy: string,
  guideFile: string = CONFORMANCE_GUIDE_FILE,
): Promise<void> {
  const documents = bundledDocuments(CONTRACTS_DIR);
  const guide = conformanceGuide(guideFile);
  // An encapsulated context, so the page's policy applies to these routes only.
  await app.register(async (docs) => {
    for (const document of documents) {
      docs.get(`${API_DOCS_PATH}/${document.service}${DOCUMENT_SUFFIX}`, async (_request, reply) =>
        reply.type('application/json; charset=utf-8').send(document.json),
      );
    }
    if (guide)
      docs.get(CONFORMANCE_GUIDE_PATH, async (_request, reply) =>
        reply.type('application/json; charset=utf-8').send(guide),
      );
    docs.addHook('onSend', async (_request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html') && typeof payload === 'string') {
        reply.header('Content-Security-Policy', apiReferencePolicy(policy, payload));
      }
      return payload;
    });
    const reference = lazyReference({
      routePrefix: API_DOCS_PATH,
      configuration: {
        pageTitle: 'Voxscreen API reference',
        sources: [
          ...documents.map((document) => ({
            title: document.title,
            slug: document.service,
            url: `${API_DOCS_PATH}/${document.service}${DOCUMENT_SUFFIX}`,
          })),
          ...(guide ? [{ title: 'Conformance kit', slug: 'conformance-kit', url: CONFORMANCE_GUIDE_PATH }] : []),
        ],
        // Everything from this server: no web fonts, telemetry or hosted AI/MCP services.
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
      },
    });
    docs.addHook('onClose', () => reference.close());
    // The app ignores trailing slashes: this route answers /api/docs too, which Scalar's app redirects.
    for (const url of [`${API_DOCS_PATH}/`, `${API_DOCS_PATH}/${SCRIPT_PATH}`])
      docs.get(url, { logLevel: 'warn' }, async (request, reply) => {
        const answer = await (await reference.app()).inject({ method: 'GET', url: request.url });
        for (const name of ['content-type', 'location'] as const) {
          const value = answer.headers[name];
          if (value !== undefined) reply.header(name, value);
        }
        return reply.code(answer.statusCode).send(answer.body);
      });
  });
}
