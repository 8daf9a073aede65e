import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmbedDashboard } from '../../config';

/**
 * The product's policy. `inlineScripts`: hash sources of the console documents' inline scripts (static-console.ts);
 * with none, scripts fall back to default-src ('self' only).
 */
export function contentSecurityPolicy(dashboards: EmbedDashboard[], inlineScripts: readonly string[] = []): string {
  const frameOrigins = [...new Set(dashboards.map((d) => new URL(d.url).origin))];
  return [
    "default-src 'self'",
    ...(inlineScripts.length ? [["script-src 'self'", ...inlineScripts].join(' ')] : []),
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    ["frame-src 'self'", ...frameOrigins].join(' '),
  ].join('; ');
}

/** onSend hook: the same security headers on every answer, API, console, errors and 404s alike. */
export function securityHeaders(dashboards: EmbedDashboard[], inlineScripts: readonly string[] = []) {
  const csp = contentSecurityPolicy(dashboards, inlineScripts);
  return async function addSecurityHeaders(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    return payload;
  };
}
