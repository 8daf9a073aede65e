import { BUILD_RELEASE_DATE, loadConfig, parseEmbedDashboards } from './config';

test('defaults follow docs/development.md', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 8080,
    host: '127.0.0.1',
    databaseUrl: null,
    publicUrl: 'http://localhost:8080',
    smtpUrl: null,
    restrictedEnvironment: false,
    supportEmail: 'support@voxscreen.test',
    embedDashboards: [],
    seed: 'auto',
    logLevel: 'info',
    trustProxy: false,
    apiRateLimitPer10s: 500,
    releaseDate: BUILD_RELEASE_DATE,
    pgliteSharedBuffersMb: null,
  });
  expect([...config.featureFlags]).toEqual(['analyticReports']);
  expect(config.pgliteDataDir.endsWith('/data/pglite')).toBe(true);
  expect(config.tokens).toEqual({
    issuer: 'http://localhost:8080/api/authz-service',
    accessAudience: 'voxscreen-api',
    idAudience: 'voxscreen-console',
    expiresInSeconds: 86400,
  });
});

test('environment values are read and checked', () => {
  const config = loadConfig({
    PORT: '9000',
    PUBLIC_URL: 'https://console.example.test/',
    RESTRICTED_ENVIRONMENT: 'true',
    FEATURE_FLAGS: 'analyticReports, recordings',
    TRUST_PROXY: '1',
    SEED: 'off',
    DATABASE_URL: 'postgres://app@db/voxscreen',
    SIGNING_KEY_SECRET: 'a secret of at least sixteen characters',
  });
  expect(config).toMatchObject({
    port: 9000,
    publicUrl: 'https://console.example.test',
    restrictedEnvironment: true,
    trustProxy: true,
    seed: 'off',
  });
  expect(config.featureFlags.has('recordings')).toBe(true);
  expect(config.databaseUrl).toBe('postgres://app@db/voxscreen');
  expect(config.signingKeySecret).toBe('a secret of at least sixteen characters');
  expect(() => loadConfig({ DATABASE_URL: 'postgres://app@db/voxscreen' })).toThrow(/SIGNING_KEY_SECRET must be set/);
  expect(() => loadConfig({ NODE_ENV: 'production', TOKEN_ISSUER: 'https://x.test' })).toThrow(/SIGNING_KEY_SECRET/);
  expect(() => loadConfig({ SIGNING_KEY_SECRET: 'short' })).toThrow(/at least 16/);
  expect(() => loadConfig({ SEED: 'sometimes' })).toThrow(/SEED/);
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadConfig({ RELEASE_DATE: '22/11/2026' })).toThrow(/RELEASE_DATE/);
});

test('PGLITE_SHARED_BUFFERS_MB is a whole number of MB from 16 to 1024 (ADR 0220)', () => {
  expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '512' }).pgliteSharedBuffersMb).toBe(512);
  expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: ' ' }).pgliteSharedBuffersMb).toBeNull();
  for (const bad of ['15', '1025', '2GB', '256.5'])
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: bad })).toThrow(
      `PGLITE_SHARED_BUFFERS_MB must be a whole number of MB from 16 to 1024, got ${bad}`,
    );
});

test('production hashing is heavier than under NODE_ENV=test', () => {
  expect(loadConfig({}).passwordHashing.cost).toBeGreaterThan(loadConfig({ NODE_ENV: 'test' }).passwordHashing.cost);
});

test('EMBED_DASHBOARD_URLS holds title=url pairs separated by ;', () => {
  expect(parseEmbedDashboards('Ops=https://a.test/x?y=1; Quality = https://b.test/q ;')).toEqual([
    { title: 'Ops', url: 'https://a.test/x?y=1' },
    { title: 'Quality', url: 'https://b.test/q' },
  ]);
  expect(() => parseEmbedDashboards('no-equals-sign')).toThrow(/title=url/);
  expect(() => parseEmbedDashboards('Bad=not a url')).toThrow();
});

test('TOKEN_ISSUER sets the issuer; production refuses to start without it', () => {
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '9001',
    TOKEN_ISSUER: 'https://voxscreen.example.test',
    SIGNING_KEY_SECRET: 'a secret of at least sixteen characters',
  });
  expect(config.tokens).toMatchObject({
    issuer: 'https://voxscreen.example.test',
    accessAudience: 'voxscreen-api',
    idAudience: 'voxscreen-console',
  });
  expect(loadConfig({ PORT: '9002', TOKEN_ISSUER: 'https://voxscreen.example.test' }).tokens).toEqual(config.tokens);
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TOKEN_ISSUER must be set when NODE_ENV=production/);
  expect(() => loadConfig({ NODE_ENV: 'production', TOKEN_ISSUER: ' ' })).toThrow(/TOKEN_ISSUER/);
});
