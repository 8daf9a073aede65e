import { loadConfig, type Config } from '../config';

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
  });
  return { ...base, pgliteDataDir: 'memory://', ...overrides };
}
