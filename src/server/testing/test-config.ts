import { loadConfig, type Config } from '../config';

/** SIGNING_KEY_SECRET of every test app and test server process, so instances on one database agree. */
export const TEST_SIGNING_KEY_SECRET = 'voxscreen-test-signing-key-secret';

/** EGRESS_ALLOW of every test app and test server process: loopback. */
export const TEST_EGRESS_ALLOW = '127.0.0.0/8,::1/128';

/** Configuration for tests: in-memory database, light scrypt, silent logs, fixed public URL. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://voxscreen.test',
    LOG_LEVEL: 'silent',
    SUPPORT_EMAIL: 'support@voxscreen.test',
    EMBED_DASHBOARD_URLS: 'Operations=https://dash.example.test/ops;Quality=https://bi.example.test/q',
    RELEASE_DATE: '2026-11-01',
    SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET,
    // Receivers, mail catchers and S3 servers of the tests listen on loopback (ADR 0069); the egress tests clear it.
    EGRESS_ALLOW: TEST_EGRESS_ALLOW,
  });
  return { ...base, pgliteDataDir: 'memory://', ...overrides };
}
