import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { PasswordHasher } from '../platform/auth/password-hasher';
import { MovableClock } from '../platform/clock';
import type { Db } from '../platform/db/schema';
import { LocalFolderTransport, type OutboxMessage, type Transport } from '../platform/outbox/transports';
import { withSystem } from '../platform/tenancy/with-tenant';
import { CapturingTransport } from './capturing-transport';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { ApiClient, type SignedIn } from './api-client';
import { buildTestApp } from './build-test-app';
import { openTestDatabase } from './database-template';
import { testConfig } from './test-config';
import type { RateLimitSettings } from '../platform/http/rate-limits';
import type { CrmSource } from '../services/project-service';
import type { HandlerRegistry } from '../platform/openapi/register-operations';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: MovableClock;
  config: Config;
  api: ApiClient;
  passwords: PasswordHasher;
  dataDir: string;
  /** Signs in through userLogin (default: the demo password, 127.0.0.1) and returns the tokens. */
  signIn(email: string, options?: { password?: string; ip?: string }): Promise<SignedIn>;
  /** Signs each email in (see signIn), in the order given. */
  signInAs<E extends string[]>(...emails: E): Promise<{ [K in keyof E]: SignedIn }>;
  /**
   * The messages handed over for delivery to `recipient`, oldest first, with their links intact (the outbox
   * redacts set-password links once sent); waits until none of theirs is still queued. Default transport only.
   */
  sentTo(recipient: string): Promise<OutboxMessage[]>;
  /** Tenant id by name (the seed's tenants and any created in the test). */
  tenantId(name: string): Promise<number>;
  /** The ids of the three tenants the seed makes. */
  seededTenants(): Promise<SeededTenants>;
  close(): Promise<void>;
}

export interface SeededTenants {
  voxscreen: number;
  acme: number;
  globex: number;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Migrate and seed from scratch instead of copying the run's seeded template. */
  freshDatabase?: boolean;
  transport?: Transport;
  distDir?: string;
  /** Off unless a test is about them: suites sign in far more often than a person would. */
  rateLimits?: RateLimitSettings;
  /** The customer-data sync's CRM source (default: the file of the config). */
  crmSource?: CrmSource;
  /** Handlers in place of the services' (tests that probe the context a handler gets). */
  handlers?: HandlerRegistry;
}

/**
 * A fresh app on its own in-memory PGlite, migrated and seeded through the seed code (see openTestDatabase),
 * with a movable clock. Build one per test file (beforeAll) and close it afterwards.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-test-'));
  const config = testConfig(dataDir, options.config);
  const clock = new MovableClock();
  const db = await openTestDatabase({ fresh: options.freshDatabase });
  const passwords = new PasswordHasher(config.passwordHashing);
  const capture = new CapturingTransport(new LocalFolderTransport(join(dataDir, 'outbox')));
  const app = await buildTestApp({
    config,
    db,
    clock,
    distDir: options.distDir ?? join(dataDir, 'no-console'),
    transport: options.transport ?? capture,
    ...(options.crmSource && { crmSource: options.crmSource }),
    ...(options.handlers && { handlers: options.handlers }),
    rateLimits: options.rateLimits ?? null,
  });
  const api = new ApiClient(app);
  const tenantId = async (name: string) => {
    const row = await db.selectFrom('tenants').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return row.id;
  };
  const signIn: TestApp['signIn'] = async (email, signInOptions = {}) => {
    const tokens = await api.ok('userLogin', {
      body: { email, password: signInOptions.password ?? DEMO_PASSWORD },
      ip: signInOptions.ip ?? '127.0.0.1',
    });
    return { accessToken: tokens.access_token, idToken: tokens.id_token };
  };
  return {
    app,
    db,
    clock,
    config,
    api,
    passwords,
    dataDir,
    signIn,
    async signInAs<E extends string[]>(...emails: E) {
      const signedIn: SignedIn[] = [];
      for (const email of emails) signedIn.push(await signIn(email));
      return signedIn as { [K in keyof E]: SignedIn };
    },
    async sentTo(recipient) {
      const inFlight = () =>
        withSystem(db, (trx) =>
          trx
            .selectFrom('outbox_messages')
            .select('id')
            .where('recipient', '=', recipient)
            .where('status', '=', 'queued')
            .executeTakeFirst(),
        );
      for (let waited = 0; (await inFlight()) && waited < 5000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return capture.sent
        .filter((message) => message.recipient === recipient)
        .sort((a, b) => Number(a.id) - Number(b.id));
    },
    tenantId,
    async seededTenants() {
      const [voxscreen, acme, globex] = await Promise.all([
        tenantId('Voxscreen'),
        tenantId('Acme Insurance'),
        tenantId('Globex Logistics'),
      ]);
      return { voxscreen, acme, globex };
    },
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
