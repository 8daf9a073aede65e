import type { Config } from '../config';
import type { PasswordHasher } from './auth/password-hasher';
import type { SigningKeys } from './auth/signing-keys';
import type { TokenService } from './auth/token-service';
import type { Clock } from './clock';
import type { Db } from './db/schema';
import type { JobRunner } from './jobs/job-runner';
import type { OutboxDispatcher } from './outbox/outbox-dispatcher';

/** What handlers and platform pieces share; built once per app by buildApp. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  keys: SigningKeys;
  tokens: TokenService;
  passwords: PasswordHasher;
  outbox: OutboxDispatcher;
  /** Background jobs (ADR 0021): call runSoon() after a commit that queued one. */
  jobs: JobRunner;
}
