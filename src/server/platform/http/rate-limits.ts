import fastifyRateLimit from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { HttpError } from './http-error';
import { SERVER_ERROR_MESSAGE } from './error-handler';

export interface RateLimitSettings {
  /** Sign-in and password-reset calls per client IP and per e-mail address, each per minute. */
  authPerIpPerMinute: number;
  authPerAccountPerMinute: number;
  /** Authenticated API calls per operating tenant (else per user) per 10 seconds. */
  apiPerTenantPer10s: number;
  /** Calls of the GETs that send a message or change data (`x-unsafe-get`, ADR 0088) per user per minute. */
  unsafeGetPerUserPerMinute: number;
  /** Requests in progress before new ones are answered 503 at once. */
  maxInFlight: number;
  /** Event-loop delay at which new requests are answered 503 (@fastify/under-pressure); 0 turns it off. */
  maxEventLoopDelayMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  authPerIpPerMinute: 60,
  authPerAccountPerMinute: 20,
  apiPerTenantPer10s: 500,
  unsafeGetPerUserPerMinute: 30,
  maxInFlight: 256,
  maxEventLoopDelayMs: 2_000,
};

const STARTUP_GRACE_MS = 10_000;

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please wait a moment and try again.';

const AUTH_OPERATIONS = new Set([
  '/api/authz-service/userLogin',
  '/api/authz-service/requestPasswordReset',
  '/api/authz-service/confirmPasswordReset',
  '/api/authz-service/v1/oauth/token',
]);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation is a GET that sends a message or changes data (`x-unsafe-get`, ADR 0088). */
    unsafeGet?: boolean;
  }
}

const tooMany = () => new HttpError(429, TOO_MANY_REQUESTS_MESSAGE, { code: 'TOO_MANY_REQUESTS' });

const accountOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown; token?: unknown } | undefined;
  const who =
    typeof body?.email === 'string'
      ? body.email.trim().toLowerCase()
      : typeof body?.token === 'string'
        ? body.token
        : '';
  return `account:${request.url}:${who}`;
};

/**
 * Shedding and fair use (ADR 0013), per instance by design: the counters live in this process's memory, so N
 * instances admit N times the figures; the account lockout and IP block of brute-force.ts stay in the
 * database and hold across instances. Sign-in and reset are limited per IP and per e-mail before any
 * password hash; authenticated calls per operating tenant (429 with Retry-After); an instance with too many
 * requests in progress or a stalled event loop answers 503 at once instead of queueing.
 */
/**
 * One limiter with its own registration: @fastify/rate-limit marks a request as limited once per
 * registration, so two limiters of one registration on a route would run only the first.
 */
async function limiter(
  app: FastifyInstance,
  max: number,
  timeWindow: number,
  key: (request: FastifyRequest) => string,
) {
  let handler: preHandlerHookHandler | undefined;
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, { global: false, errorResponseBuilder: tooMany });
    handler = scope.rateLimit({ max, timeWindow, keyGenerator: key }) as preHandlerHookHandler;
  });
  return handler!;
}

export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings | null): Promise<void> {
  if (!settings) return;
  const perIp = await limiter(app, settings.authPerIpPerMinute, 60_000, (request) => `ip:${request.ip}`);
  const perAccount = await limiter(app, settings.authPerAccountPerMinute, 60_000, accountOf);
  const perTenant = await limiter(app, settings.apiPerTenantPer10s, 10_000, (request) => {
    const access = request.access;
    return access?.operatingTenant
      ? `tenant:${access.operatingTenant.id}`
      : `user:${access?.principal?.userId ?? request.ip}`;
  });

  // A GET that sends a message (reinvite, test e-mail) or changes data: a retrying client or a stuck key cannot
  // send a stream of messages; counted per user, whatever the tenant.
  const perUserUnsafeGet = await limiter(
    app,
    settings.unsafeGetPerUserPerMinute,
    60_000,
    (request) => `unsafe-get:${request.access?.principal?.userId ?? request.ip}`,
  );

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/health/')) return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    const limits = AUTH_OPERATIONS.has(route.url)
      ? [perIp, perAccount]
      : route.config?.unsafeGet
        ? [perTenant, perUserUnsafeGet]
        : [perTenant];
    route.preHandler = [...limits, ...existing];
  });

  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health/')) return;
    if (inFlight >= settings.maxInFlight) {
      return reply
        .code(503)
        .header('retry-after', '2')
        .send({ message: SERVER_ERROR_MESSAGE, code: 'TOO_MANY_IN_FLIGHT' });
    }
    inFlight += 1;
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        inFlight -= 1;
      }
    };
    reply.raw.once('finish', finish);
    reply.raw.once('close', finish);
  });

  if (settings.maxEventLoopDelayMs <= 0) return;
  // The first samples cover the start itself (module loading, migrations, key loading block the loop).
  const sheddingFrom = Date.now() + STARTUP_GRACE_MS;
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    retryAfter: 5,
    pressureHandler: (request, reply) => {
      if (Date.now() < sheddingFrom || !request.url.startsWith('/api/') || request.url.startsWith('/api/health/'))
        return undefined;
      // Answered here; Fastify runs nothing further for a request whose reply is sent.
      void reply.code(503).header('retry-after', '5').send({ message: SERVER_ERROR_MESSAGE, code: 'OVERLOADED' });
      return undefined;
    },
  });
}
