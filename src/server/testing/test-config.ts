import { loadConfig, type Config } from '../config';

/** SIGNING_KEY_SECRET of every test app and test server process, so instances on one database agree. */
export const TEST_SIGNING_KEY_SECRET = 'voxscreen-test-signing-key-secret';

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
  });
  return { ...base, pgliteDataDir: 'memory://', ...overrides };
}
