import type { Config } from '../config';
import type { ClientPrincipalCache } from './auth/client-principal';
import type { KeptPrincipals } from './auth/kept-principals';
import type { PasswordHasher } from './auth/password-hasher';
import type { SigningKeys } from './auth/signing-keys';
import type { TokenService } from './auth/token-service';
import type { Clock } from './clock';
import type { Db } from './db/schema';
import type { EgressPolicy } from './egress/egress-policy';
import type { ChangeFeed } from './events/change-feed';
import type { JobRunner } from './jobs/job-runner';
import type { OutboxDispatcher } from './outbox/outbox-dispatcher';
import type { FileStorage } from './storage/file-storage';
import type { UploadUrlSigner } from './storage/upload-url-token';
import type { TenantSecretCipher } from './secrets/tenant-secret-cipher';

/** What handlers and platform pieces share; built once per app by buildApp. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  keys: SigningKeys;
  tokens: TokenService;
  passwords: PasswordHasher;
  outbox: OutboxDispatcher;
  /** Where files live (ADR 0016); rows only name them. */
  storage: FileStorage;
  /** Signs the upload URLs of local storage. */
  uploadUrls: UploadUrlSigner;
  /** Background jobs (ADR 0021): call runSoon() after a commit that queued one. */
  jobs: JobRunner;
  /** Encrypts the tenants' secrets at rest (ADR 0023). */
  secrets: TenantSecretCipher;
  /** Where outbound connections may go (ADR 0069): the save-time check of a URL a tenant enters. */
  egress: EgressPolicy;
  /** Every tenant's committed changes, heard from the database (live updates, ADR 0078). */
  changes: ChangeFeed;
  /** The client-token check, kept until its tenant's client or account changes (ADR 0103). */
  clientPrincipals: ClientPrincipalCache;
  /** The session principals the embedded engine answered, kept until it is sent a write (ADR 0199); null on PostgreSQL. */
  keptPrincipals: KeptPrincipals | null;
}
