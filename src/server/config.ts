import { resolve } from 'node:path';
import type { S3StorageSettings } from './platform/storage/s3-file-storage';
import { s3SettingsFromEnv } from './platform/storage/storage-config';
import { parseAllowList } from './platform/egress/egress-policy';
import type { MetricsSettings } from './platform/observability/metrics';
import { tracingSettings, type TracingSettings } from './platform/observability/tracing';
import { SHARED_BUFFERS_CEILING_MB } from './platform/db/embedded-memory';

export interface EmbedDashboard {
  title: string;
  url: string;
}

/** scrypt cost parameters; lighter under NODE_ENV=test so the suite stays fast, never skipped. */
export interface PasswordHashing {
  cost: number;
  blockSize: number;
  parallelization: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** CRM_SOURCE_FILE: the JSON file the customer-data sync reads (docs/product/customer-data-sync.md#source). */
  crmSourceFile: string;
  /** `memory://` keeps the embedded database in memory (tests). */
  pgliteDataDir: string;
  databaseUrl: string | null;
  /** PGLITE_IN_WORKER (default on; 0 turns it off): the embedded database runs in a worker thread (ADR 0054). */
  pgliteInWorker: boolean;
  /** PGLITE_SHARED_BUFFERS_MB: the embedded engine's shared_buffers, 16-1024 (null, unset: sized to the data, ADR 0220). */
  pgliteSharedBuffersMb: number | null;
  /**
   * DB_EXPLAIN_SLOW_MS: a read that takes this long inside a transaction is logged once (per statement text) with
   * its EXPLAIN (ANALYZE, BUFFERS) plan (platform/db/explain-slow.ts); null (unset): off. The bench sets it.
   */
  explainSlowMs: number | null;
  publicUrl: string;
  smtpUrl: string | null;
  restrictedEnvironment: boolean;
  featureFlags: ReadonlySet<string>;
  supportEmail: string;
  embedDashboards: EmbedDashboard[];
  seed: 'auto' | 'off';
  logLevel: string;
  trustProxy: boolean;
  /**
   * EGRESS_ALLOW: addresses and networks (CIDR) outbound connections may reach although the egress policy refuses
   * their range (ADR 0069), e.g. a mail relay or an S3 endpoint on loopback; empty by default.
   */
  egressAllow: string[];
  /**
   * API_RATE_LIMIT_PER_10S: authenticated calls per operating tenant per 10 seconds (ADR 0013, default 500). The
   * benchmark raises it to measure one tenant's latency at 10 connections (scripts/bench/).
   */
  apiRateLimitPer10s: number;
  releaseDate: string;
  passwordHashing: PasswordHashing;
  /** SIGNING_KEY_SECRET: encrypts the token-signing private key at rest (null: the DATA_DIR key file). */
  signingKeySecret: string | null;
  /** SIGNING_KEY_SECRET_PREVIOUS: during a rotation, the secret being replaced (keys are re-encrypted on start). */
  signingKeySecretPrevious: string | null;
  /** S3-compatible file storage (S3_BUCKET, ...); null: local disk under DATA_DIR/files (ADR 0016). */
  s3: S3StorageSettings | null;
  /** UPLOAD_URL_SECRET: signs local-storage upload URLs (null: a key file in DATA_DIR). */
  uploadUrlSecret: string | null;
  /** TENANT_SECRETS_KEY: encrypts tenant secrets at rest (null: derived from the signing-key secret, ADR 0023). */
  tenantSecretsKey: string | null;
  /** TENANT_SECRETS_KEY_PREVIOUS: during a rotation, the key being replaced (values are re-encrypted on start). */
  tenantSecretsKeyPrevious: string | null;
  tokens: { issuer: string; accessAudience: string; idAudience: string; expiresInSeconds: number };
  /** METRICS_PORT / METRICS_HOST: the Prometheus listener, apart from the public port (ADR 0079). */
  metrics: MetricsSettings;
  /** OTEL_EXPORTER_OTLP_ENDPOINT / _TRACES_ENDPOINT, OTEL_SERVICE_NAME (ADR 0093): traces over OTLP/HTTP when set. */
  tracing: TracingSettings;
}

/** Used when RELEASE_DATE is not set: the date this build was cut. */
export const BUILD_RELEASE_DATE = '2026-11-22';

type Env = Record<string, string | undefined>;

const flag = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

export function parseEmbedDashboards(value: string | undefined): EmbedDashboard[] {
  if (!value?.trim()) return [];
  return value
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new Error(`EMBED_DASHBOARD_URLS: expected title=url, got "${pair}"`);
      const url = pair.slice(at + 1).trim();
      new URL(url); // throws on a malformed URL: fail at start, not when the page renders
      return { title: pair.slice(0, at).trim(), url };
    });
}

/** The fixed audiences of the two tokens; the issuer is the deployment's own (TOKEN_ISSUER). */
const ACCESS_AUDIENCE = 'voxscreen-api';
const ID_AUDIENCE = 'voxscreen-console';

/**
 * Every instance must sign and accept the same issuer, so in production it is one explicit setting instead of
 * being derived from PUBLIC_URL, which defaults per port (issue 10).
 */
function tokenIssuer(env: Env, publicUrl: string): string {
  const explicit = env.TOKEN_ISSUER?.trim();
  if (explicit) return explicit;
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'TOKEN_ISSUER must be set when NODE_ENV=production: every instance sharing a database must use the same ' +
        "value (for example https://voxscreen.example.com), or they reject each other's sign-ins.",
    );
  }
  return `${publicUrl}/api/authz-service`;
}

/**
 * The secret that encrypts the token-signing key at rest (ADR 0014). Instances sharing a database must decrypt
 * alike, so it is required with DATABASE_URL (outside tests) and in production; otherwise a key file in
 * DATA_DIR stands in for it.
 */
function signingKeySecret(env: Env): string | null {
  const secret = env.SIGNING_KEY_SECRET?.trim() || null;
  if (secret !== null && secret.length < 16) throw new Error('SIGNING_KEY_SECRET must be at least 16 characters');
  const shared = env.DATABASE_URL?.trim() && env.NODE_ENV !== 'test';
  if (secret === null && (shared || env.NODE_ENV === 'production')) {
    throw new Error(
      'SIGNING_KEY_SECRET must be set with DATABASE_URL or NODE_ENV=production: it encrypts the token-signing ' +
        'key in the database, and every instance sharing the database must use the same value (at least 16 ' +
        'characters, for example from `openssl rand -base64 32`).',
    );
  }
  return secret;
}

/** The key of the tenant secrets (ADR 0023); optional, at least 16 characters when set. */
function tenantSecretsKey(value: string | undefined): string | null {
  const key = value?.trim() || null;
  if (key !== null && key.length < 16) throw new Error('TENANT_SECRETS_KEY must be at least 16 characters');
  return key;
}

/** PGLITE_SHARED_BUFFERS_MB: unset or empty sizes the buffers to the data (ADR 0220); else whole MB, 16 to 1024. */
function sharedBuffersMb(value: string | undefined): number | null {
  if (!value?.trim()) return null;
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 16 || mb > SHARED_BUFFERS_CEILING_MB)
    throw new Error(`PGLITE_SHARED_BUFFERS_MB must be a whole number of MB from 16 to 1024, got ${value}`);
  return mb;
}

/** DB_EXPLAIN_SLOW_MS: unset or empty is off; otherwise a number of milliseconds, 0 or more. */
function explainSlowMs(value: string | undefined): number | null {
  if (!value?.trim()) return null;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms < 0)
    throw new Error(`DB_EXPLAIN_SLOW_MS must be a number of milliseconds, got ${value}`);
  return ms;
}

/** METRICS_PORT unset or empty: no metrics listener; a port number (0: one from the OS). */
function metricsSettings(env: Env): MetricsSettings {
  const raw = env.METRICS_PORT?.trim();
  const port = raw ? Number(raw) : null;
  if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new Error(`METRICS_PORT must be a port number, got ${env.METRICS_PORT}`);
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const seed = env.SEED ?? 'auto';
  if (seed !== 'auto' && seed !== 'off') throw new Error(`SEED must be auto or off, got ${seed}`);
  const releaseDate = env.RELEASE_DATE ?? BUILD_RELEASE_DATE;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(releaseDate)) throw new Error(`RELEASE_DATE must be YYYY-MM-DD, got ${releaseDate}`);
  const testing = env.NODE_ENV === 'test';
  const apiRateLimitPer10s = Number(env.API_RATE_LIMIT_PER_10S ?? 500);
  if (!Number.isInteger(apiRateLimitPer10s) || apiRateLimitPer10s < 1)
    throw new Error(`API_RATE_LIMIT_PER_10S must be a whole number above 0, got ${env.API_RATE_LIMIT_PER_10S}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    crmSourceFile: resolve(env.CRM_SOURCE_FILE ?? resolve(dataDir, 'crm', 'customer-data.json')),
    pgliteDataDir: resolve(dataDir, 'pglite'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    pgliteInWorker: env.PGLITE_IN_WORKER === undefined || flag(env.PGLITE_IN_WORKER),
    pgliteSharedBuffersMb: sharedBuffersMb(env.PGLITE_SHARED_BUFFERS_MB),
    explainSlowMs: explainSlowMs(env.DB_EXPLAIN_SLOW_MS),
    publicUrl,
    smtpUrl: env.SMTP_URL?.trim() || null,
    restrictedEnvironment: flag(env.RESTRICTED_ENVIRONMENT),
    featureFlags: new Set(
      (env.FEATURE_FLAGS ?? 'analyticReports')
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    ),
    supportEmail: env.SUPPORT_EMAIL ?? 'support@voxscreen.test',
    embedDashboards: parseEmbedDashboards(env.EMBED_DASHBOARD_URLS),
    seed,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: flag(env.TRUST_PROXY),
    egressAllow: parseAllowList(env.EGRESS_ALLOW),
    apiRateLimitPer10s,
    releaseDate,
    passwordHashing: testing
      ? { cost: 2 ** 10, blockSize: 8, parallelization: 1 }
      : { cost: 2 ** 15, blockSize: 8, parallelization: 1 },
    tokens: {
      issuer: tokenIssuer(env, publicUrl),
      accessAudience: ACCESS_AUDIENCE,
      idAudience: ID_AUDIENCE,
      expiresInSeconds: 86400,
    },
    signingKeySecret: signingKeySecret(env),
    s3: s3SettingsFromEnv(env),
    uploadUrlSecret: env.UPLOAD_URL_SECRET?.trim() || null,
    signingKeySecretPrevious: env.SIGNING_KEY_SECRET_PREVIOUS?.trim() || null,
    tenantSecretsKey: tenantSecretsKey(env.TENANT_SECRETS_KEY),
    tenantSecretsKeyPrevious: env.TENANT_SECRETS_KEY_PREVIOUS?.trim() || null,
    metrics: metricsSettings(env),
    tracing: tracingSettings(env),
  };
}
