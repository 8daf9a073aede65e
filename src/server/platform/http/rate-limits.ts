import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SERVER_ERROR_MESSAGE } from './error-handler';
import type { SharedCounters } from './shared-counters';
import { RefusalPacing, type PacingSettings } from './refusal-pacing';
import { TurnQueue } from '../turn-queue';
import { EVENT_STREAM_PATH } from '../events/event-stream';

export interface RateLimitSettings extends PacingSettings {
  /** Sign-in and password-reset calls per client IP, and per e-mail address at one IP, each per minute. */
  authPerIpPerMinute: number;
  authPerAccountPerMinute: number;
  /** Authenticated API calls per operating tenant (else per user) per 10 seconds. */
  apiPerTenantPer10s: number;
  /** Calls of the GETs that send a message or change data (`x-unsafe-get`, ADR 0088) per user per minute. */
  unsafeGetPerUserPerMinute: number;
  /** Requests in progress before new ones are answered 503 at once. */
  maxInFlight: number;
  /**
   * API calls one credential runs at once on an instance; the rest wait their turn (ADR 0107). A staff session
   * (a call with an ID token) gets few, so a flood of one takes little from the others; a client application
   * (bearer only: the telephony intake) more, whose posts in flight are accepted together (ADR 0075). 0: no bound.
   */
  maxInFlightPerSession: number;
  maxInFlightPerClient: number;
  /** Calls of one credential waiting for a turn before further ones are refused 429. */
  maxQueuedPerCredential: number;
  /** Event-loop delay at which new requests are answered 503 (@fastify/under-pressure); 0 turns it off. */
  maxEventLoopDelayMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  authPerIpPerMinute: 60,
  authPerAccountPerMinute: 20,
  apiPerTenantPer10s: 500,
  unsafeGetPerUserPerMinute: 30,
  maxInFlight: 256,
  maxInFlightPerSession: 2,
  maxInFlightPerClient: 16,
  maxQueuedPerCredential: 200,
  refusalsBeforePacing: 10,
  refusalPaceMs: 1_000,
  maxHeldRefusals: 2_000,
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

/** The e-mail (or reset token) a sign-in or reset names, with the address it comes from (ADR 0070). */
const accountAtAddress = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown; token?: unknown } | undefined;
  const who =
    typeof body?.email === 'string'
      ? body.email.trim().toLowerCase()
      : typeof body?.token === 'string'
        ? body.token
        : '';
  return `account:${request.routeOptions.url ?? request.url}:${who}:${request.ip}`;
};

const tenantKey = (tenantId: number | string) => `tenant:${tenantId}`;

/**
 * Shedding and fair use (ADR 0013, ADR 0070). The counts are shared by every instance on the database
 * (shared-counters.ts), so N instances admit the figures once, not N times. Sign-in, reset and the token endpoint:
 * per client IP, refused as the request arrives, before its body is read or any password hashed; then per account
 * *at that IP*, so a stranger flooding an account from one address never refuses its owner signing in from
 * another (brute-force.ts keeps the per-account-and-address lock and the IP block in the database). Authenticated
 * calls: per operating tenant (else per user); a tenant already over its share is refused as the request
 * arrives, before the token is checked or the database asked, so its flood costs others little. An instance with
 * too many requests in progress or a stalled event loop answers 503 at once instead of queueing.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings | null,
  counters: SharedCounters,
): Promise<void> {
  if (!settings) return;
  const pacing = new RefusalPacing(settings);
  // A source past its limit gets its first refusals at once and later ones after a pause (refusal-pacing.ts).
  const refuse = async (reply: FastifyReply, key: string, retryAfterSeconds: number) => {
    const pace = pacing.paceFor(key);
    await pacing.hold(pace);
    if (pace.closeConnection) reply.header('connection', 'close');
    return reply
      .code(429)
      .header('retry-after', String(retryAfterSeconds))
      .send({ message: TOO_MANY_REQUESTS_MESSAGE, code: 'TOO_MANY_REQUESTS' });
  };
  const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/health/');

  // As the request arrives: nothing parsed yet.
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (AUTH_OPERATIONS.has(route)) {
      const key = `ip:${request.ip}`;
      const decision = await counters.hit(key, settings.authPerIpPerMinute, 60_000);
      if (!decision.allowed) return refuse(reply, key, decision.retryAfterSeconds);
      return undefined;
    }
    const tenant = request.headers.operatingtenant;
    if (isApi(route) && typeof tenant === 'string' && /^\d{1,10}$/.test(tenant)) {
      const decision = counters.isExhausted(tenantKey(tenant), settings.apiPerTenantPer10s, 10_000);
      if (!decision.allowed) return refuse(reply, tenantKey(tenant), decision.retryAfterSeconds);
    }
    return undefined;
  });

  const perAccount: preHandlerAsyncHookHandler = async function (request, reply) {
    const key = accountAtAddress(request);
    const decision = await counters.hit(key, settings.authPerAccountPerMinute, 60_000);
    if (!decision.allowed) return refuse(reply, key, decision.retryAfterSeconds);
    return undefined;
  };
  const perTenant: preHandlerAsyncHookHandler = async function (request, reply) {
    const access = request.access;
    const key = access?.operatingTenant
      ? tenantKey(access.operatingTenant.id)
      : `user:${access?.principal?.userId ?? request.ip}`;
    const decision = await counters.hit(key, settings.apiPerTenantPer10s, 10_000);
    if (!decision.allowed) return refuse(reply, key, decision.retryAfterSeconds);
    return undefined;
  };

  // A GET that sends a message (reinvite, test e-mail) or changes data: a retrying client or a stuck key cannot
  // send a stream of messages; counted per user, whatever the tenant.
  const perUserUnsafeGet: preHandlerAsyncHookHandler = async function (request, reply) {
    const key = `unsafe-get:${request.access?.principal?.userId ?? request.ip}`;
    const decision = await counters.hit(key, settings.unsafeGetPerUserPerMinute, 60_000);
    if (!decision.allowed) return refuse(reply, key, decision.retryAfterSeconds);
    return undefined;
  };

  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    const limits = AUTH_OPERATIONS.has(route.url)
      ? [perAccount]
      : route.config?.unsafeGet
        ? [perTenant, perUserUnsafeGet]
        : [perTenant];
    route.preHandler = [...limits, ...existing];
  });

  // An open event stream (ADR 0078) is a listener, not work in progress: it takes no turn and no shedding slot.
  const isWork = (url: string) =>
    url.startsWith('/api/') && !url.startsWith('/api/health/') && !url.startsWith(EVENT_STREAM_PATH);

  if (settings.maxInFlightPerSession > 0 && settings.maxInFlightPerClient > 0) {
    const queue = new TurnQueue({ maxQueued: settings.maxQueuedPerCredential });
    app.addHook('onRequest', async (request, reply) => {
      const credential = request.headers.authorization;
      if (!credential || !isWork(request.url)) return undefined;
      const key = `credential:${credential}`;
      const session = request.headers['id-token'] !== undefined;
      const admission = await queue.enter(
        key,
        session ? settings.maxInFlightPerSession : settings.maxInFlightPerClient,
      );
      if (!admission.admitted) return refuse(reply, key, 1);
      // A caller that hung up while waiting gives its turn straight back.
      if (request.raw.destroyed || request.raw.socket?.destroyed) return admission.release();
      reply.raw.once('finish', admission.release);
      reply.raw.once('close', admission.release);
      return undefined;
    });
  }

  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (!isWork(request.url)) return;
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
