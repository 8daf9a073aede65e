import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import type { AppDeps } from './platform/app-deps';
import type { FileStorage } from './platform/storage/file-storage';
import type { Config } from './config';
import { ClientPrincipalCache } from './platform/auth/client-principal';
import { keptPrincipalsFor } from './platform/auth/kept-principals';
import { PasswordHasher } from './platform/auth/password-hasher';
import { SigningKeys } from './platform/auth/signing-keys';
import { TokenService } from './platform/auth/token-service';
import { systemClock, type Clock } from './platform/clock';
import type { Db } from './platform/db/schema';
import { embeddedEngineOf } from './platform/db/open-database';
import { EmbeddedMaintenance } from './platform/db/embedded-maintenance';
import { noteRequestAnswered } from './platform/db/work-priority';
import { registerApiCompression } from './platform/http/api-compression';
import { createErrorHandler } from './platform/http/error-handler';
import { jsonShapeProblem } from './platform/http/json-shape';
import { SharedCounters } from './platform/http/shared-counters';
import { invalidInput } from './platform/openapi/input-rules';
import { registerApiReference } from './platform/http/api-reference';
import { registerHealthRoutes } from './platform/http/health';
import { registerNoStore } from './platform/http/no-store';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimitSettings } from './platform/http/rate-limits';
import { contentSecurityPolicy, securityHeaders } from './platform/http/security-headers';
import { consoleInlineScriptHashes, DEFAULT_DIST_DIR, registerStaticConsole } from './platform/http/static-console';
import { readAllOperations } from './platform/openapi/contract';
import { MAX_UPLOAD_BYTES } from './platform/openapi/multipart-body';
import { registerOperations, ROUTER_OPTIONS, type HandlerRegistry } from './platform/openapi/register-operations';
import { createAjv } from './platform/openapi/schema-validator';
import { lazyValidatorCompiler } from './platform/openapi/lazy-validator';
import { JobRunner } from './platform/jobs/job-runner';
import { OutboxDispatcher } from './platform/outbox/outbox-dispatcher';
import { redactSecretQueryParameters } from './platform/redact-secrets';
import { ChannelTransport, LocalFolderTransport, SmtpTransport, type Transport } from './platform/outbox/transports';
import { BRANDING } from './platform/branding';
import { egressAgents } from './platform/egress/egress-agents';
import { EgressPolicy } from './platform/egress/egress-policy';
import { previousSigningKeyEncryptionKey, signingKeyEncryptionKey } from './platform/auth/signing-key-secret';
import { TenantSecretCipher } from './platform/secrets/tenant-secret-cipher';
import { SERVICE_HANDLERS } from './services';
import { createFileStorage } from './platform/storage/create-file-storage';
import { registerSignedUploadRoute } from './platform/storage/signed-upload-route';
import { UploadUrlSigner } from './platform/storage/upload-url-token';
import {
  CUSTOMER_DATA_SYNC_QUEUE,
  customerDataSyncJob,
  FileCrmSource,
  type CrmSource,
} from './services/project-service';
import { reencryptTenantSecrets, webhookSigningKey } from './services/user-service';
import { ANALYTIC_REPORT_QUEUE, analyticReportJob } from './services/data-service';
import { RESULT_ZIP_QUEUE, resultPdfZipJob, WEBHOOK_QUEUE, webhookDeliveryJob } from './services/execution-service';
import {
  ensureReminderSweep,
  INVITATION_QUEUE,
  INVITATION_REMINDER_QUEUE,
  invitationJob,
  invitationReminderJob,
  recordInvitationOutcomes,
} from './services/participant-service';
import { withSystem } from './platform/tenancy/with-tenant';
import { ChangeFeed } from './platform/events/change-feed';
import { registerMetrics } from './platform/observability/metrics';
import { registerRequestIdHeader, requestIdOf } from './platform/observability/request-id';
import { registerTracing } from './platform/observability/tracing';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** Migrated database. */
  db: Db;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  /** Overrides the outbox transport chosen from the config (tests). */
  transport?: Transport;
  /** Folder of the built console; defaults to dist/ at the repository root. */
  distDir?: string;
  /** Rate limits and shedding (platform/http/rate-limits.ts); null turns them off (most tests). */
  rateLimits?: RateLimitSettings | null;
  /** Overrides the file storage chosen from the config (tests). */
  storage?: FileStorage;
  /** Periodic retry sweep of the outbox (off in tests, which sweep explicitly). */
  outboxSweepMs?: number | null;
  /** Periodic sweep of the job table (ADR 0021); null: only on demand (tests). */
  jobSweepMs?: number | null;
  /** How often the embedded database looks for a table to vacuum or analyse (ADR 0147); null: never. */
  maintenanceMs?: number | null;
  /** Overrides the customer-data CRM source chosen from the config (tests). */
  crmSource?: CrmSource;
  /** Overrides handlers of the services (tests that probe what the platform hands a handler). */
  handlers?: HandlerRegistry;
}

/** Structured logs; credentials are redacted wherever a serializer might put them, reset links included. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: pino.DestinationStream,
): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      censor: (value, path) =>
        path.join('.') === 'req.url' && typeof value === 'string' ? redactSecretQueryParameters(value) : '[redacted]',
      paths: [
        'req.url',
        'req.headers.authorization',
        'req.headers["id-token"]',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.access_token',
        '*.id_token',
      ],
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

function chooseTransport(config: Config, egress: EgressPolicy): Transport {
  const local = new LocalFolderTransport(join(config.dataDir, 'outbox'));
  const email = config.smtpUrl
    ? new SmtpTransport(config.smtpUrl, `${BRANDING.productName} <${config.supportEmail}>`, egress)
    : local;
  return new ChannelTransport({ email, sms: local });
}

/** The Fastify app with every contract operation, the access hook, errors, headers and the console. No listen. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config);
  const keys = await SigningKeys.load(
    db,
    clock,
    signingKeyEncryptionKey(config),
    previousSigningKeyEncryptionKey(config),
  );
  // Every outbound connection goes through one egress policy (ADR 0069).
  const egress = new EgressPolicy(config.egressAllow);
  const outbound = egressAgents(egress);
  // The invitations learn each message's final outcome in the dispatcher's transaction (ADR 0044).
  const outbox = new OutboxDispatcher(
    db,
    clock,
    options.transport ?? chooseTransport(config, egress),
    logger,
    (trx, outcomes, at) =>
      recordInvitationOutcomes(
        trx,
        outcomes.map((o) => ({ outboxMessageId: Number(o.message.id), outcome: o.outcome })),
        at,
      ),
  );
  const secrets = TenantSecretCipher.fromConfig(config);
  const changes = new ChangeFeed(db, config.databaseUrl, logger);
  const storage = options.storage ?? (await createFileStorage(config));
  const jobs = new JobRunner(
    db,
    clock,
    {
      [CUSTOMER_DATA_SYNC_QUEUE]: customerDataSyncJob(
        db,
        options.crmSource ?? new FileCrmSource(config.crmSourceFile),
        clock,
      ),
      [WEBHOOK_QUEUE]: webhookDeliveryJob(db, (trx, now) => webhookSigningKey(trx, secrets, now), clock, outbound),
      [ANALYTIC_REPORT_QUEUE]: analyticReportJob(db, storage, clock),
      [RESULT_ZIP_QUEUE]: resultPdfZipJob(db, storage, clock),
      [INVITATION_QUEUE]: invitationJob(db, clock, { afterBatch: () => outbox.dispatchSoon() }),
      [INVITATION_REMINDER_QUEUE]: invitationReminderJob(db, clock, () => jobs.runSoon()),
    },
    logger,
    // A zip a person waits for is claimed at once, not after a batch another queue is running (ADR 0167).
    { lanes: [[RESULT_ZIP_QUEUE]] },
  );
  const deps: AppDeps = {
    config,
    db,
    clock,
    keys,
    tokens: new TokenService(keys, config.tokens, clock),
    passwords: new PasswordHasher(config.passwordHashing),
    outbox,
    storage,
    uploadUrls: UploadUrlSigner.fromSecretOrDataDir(config.uploadUrlSecret, config.dataDir),
    jobs,
    secrets,
    egress,
    changes,
    clientPrincipals: new ClientPrincipalCache(db, () => clock.now().getTime(), changes),
    keptPrincipals: keptPrincipalsFor(embeddedEngineOf(db)),
  };
  // After a rotation of the tenant-secrets key: values encrypted with the previous one move to the current (ADR 0023).
  await withSystem(db, (trx) => reencryptTenantSecrets(trx, deps.secrets));

  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: requestIdOf,
    return503OnClosing: true,
    routerOptions: ROUTER_OPTIONS,
  });

  // First of all hooks: every later one, the handler and its statements run inside the request's span.
  registerTracing(app);

  const paramsAjv = createAjv({ coerceTypes: true });
  const bodyAjv = createAjv({ coerceTypes: false });
  app.setValidatorCompiler(lazyValidatorCompiler((httpPart) => (httpPart === 'body' ? bodyAjv : paramsAjv)));

  // An empty body with a JSON content type means "no body" (POSTs such as logout), not a parse error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      // Before anything walks the body recursively (ADR 0072).
      const problem = jsonShapeProblem(parsed);
      if (problem) return done(invalidInput([problem]), undefined);
      return done(null, parsed);
    });
  });

  // URL-encoded forms: the OAuth token endpoint (RFC 6749 §4.4.2). A repeated parameter stays a list, which the
  // contract refuses (RFC 6749 §3.2: parameters are sent at most once); other operations refuse the media type.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const form: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) {
      const seen = form[name];
      form[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    done(null, form);
  });

  // Multipart forms (account logo, user forms) are parsed per operation by multipart-body.ts, after access.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, fields: 100, fieldSize: 64 * 1024, parts: 101 },
  });

  app.decorateRequest('access', null);
  const rateLimits =
    options.rateLimits === undefined
      ? { ...DEFAULT_RATE_LIMITS, apiPerTenantPer10s: config.apiRateLimitPer10s }
      : options.rateLimits;
  // Counted together with every other instance on the database (ADR 0070).
  const counters = new SharedCounters(db, () => clock.now().getTime());
  await registerRateLimits(app, rateLimits, counters);
  if (rateLimits) {
    counters.start();
    app.addHook('onClose', () => counters.stop());
  }
  registerRequestIdHeader(app);
  registerMetrics(app, deps, config.metrics);
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  app.addHook('onSend', securityHeaders(config.embedDashboards, consoleInlineScriptHashes(distDir)));
  registerNoStore(app);
  // Long work gives way while requests are answered, whether or not they held a connection (ADR 0201).
  app.addHook('onResponse', (_request, _reply, done) => {
    noteRequestAnswered();
    done();
  });
  app.setErrorHandler(createErrorHandler(deps));

  await registerApiCompression(app);
  registerOperations(app, deps, readAllOperations(), options.handlers ?? SERVICE_HANDLERS);
  await registerApiReference(app, contentSecurityPolicy(config.embedDashboards));
  registerHealthRoutes(app, db);
  await registerSignedUploadRoute(app, deps);
  await registerStaticConsole(app, distDir);

  // Live updates (ADR 0078): listening before the first request, and before any other statement is in flight.
  await changes.start();
  app.addHook('onClose', async () => {
    deps.clientPrincipals.close();
    await changes.stop();
  });
  app.addHook('onClose', () => outbox.stop());
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', async () => {
    outbound.http.destroy();
    outbound.https.destroy();
  });
  const jobSweepMs = options.jobSweepMs === undefined ? 30_000 : options.jobSweepMs;
  if (jobSweepMs !== null) {
    jobs.start(jobSweepMs);
    app.addHook('onReady', async () => {
      await ensureReminderSweep(db, clock);
      jobs.runSoon();
    });
  }
  const sweepMs = options.outboxSweepMs === undefined ? 30_000 : options.outboxSweepMs;
  if (sweepMs !== null) {
    outbox.start(sweepMs);
    app.addHook('onReady', async () => outbox.dispatchSoon());
  }
  startEmbeddedMaintenance(app, db, logger, options.maintenanceMs === undefined ? 60_000 : options.maintenanceMs);
  return app;
}

/** The embedded database has no autovacuum: the server does its work (ADR 0147). A PostgreSQL server runs its own. */
function startEmbeddedMaintenance(app: FastifyInstance, db: Db, logger: FastifyBaseLogger, everyMs: number | null) {
  if (everyMs === null || !embeddedEngineOf(db)) return;
  const maintenance = new EmbeddedMaintenance(db, logger);
  maintenance.start(everyMs);
  app.addHook('onClose', () => maintenance.stop());
}
