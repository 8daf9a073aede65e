import type { Config } from './config';
import type { PasswordHasher } from './platform/auth/password-hasher';
import type { SigningKeys } from './platform/auth/signing-keys';
import type { TokenService } from './platform/auth/token-service';
import type { Clock } from './platform/clock';
import type { Db } from './platform/db/schema';
import type { OutboxDispatcher } from './platform/outbox/outbox-dispatcher';

/** What handlers and platform pieces share; built once per app by buildApp. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  keys: SigningKeys;
  tokens: TokenService;
  passwords: PasswordHasher;
  outbox: OutboxDispatcher;
}
