import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, createLogger } from './app';
import { lastRequestAnswered } from './platform/db/work-priority';
import { DEMO_PASSWORD } from './seed/demo-data';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'voxscreen-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Voxscreen</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'main.js'), 'console.log("console");');
  t = await createTestApp({ distDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const CSP =
  "default-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; img-src 'self' data:; " +
  "style-src 'self' 'unsafe-inline'; frame-src 'self' https://dash.example.test https://bi.example.test";

describe('security headers', () => {
  test.each([
    ['an API answer', 'GET', '/api/user-service/v1/tenant/languages', 200],
    ['a 401', 'GET', '/api/user-service/v1/user/userInfo', 401],
    ['an unknown API path', 'GET', '/api/nothing/here', 404],
    ['the console', 'GET', '/main/dashboard', 200],
    ['a static file', 'GET', '/assets/main.js', 200],
    ['a validation error', 'POST', '/api/authz-service/userLogin', 400],
  ])('are on %s', async (_what, method, url, status) => {
    const response = await t.app.inject({ method: method as 'GET', url, ...(method === 'POST' && { payload: {} }) });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject({
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
  });
});

test('every answer, refusals included, is noted as interactive work the background turns give way to', async () => {
  for (const [url, status] of [
    ['/api/user-service/v1/tenant/languages', 200],
    ['/api/user-service/v1/user/userInfo', 401],
    ['/assets/main.js', 200],
  ] as const) {
    const before = performance.now();
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    // onResponse runs once the answer is sent, which may be after inject has it: wait for it (the test's timeout fails).
    while (lastRequestAnswered() < before) await new Promise((resolve) => setImmediate(resolve));
  }
});

describe('the console', () => {
  test('console routes fall back to index.html', async () => {
    for (const url of ['/', '/login', '/main/dashboard', '/resetPassword?token=abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  test('files are served as they are; a missing file or API path is a JSON 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/main.js' })).headers['content-type']).toMatch(
      /javascript/,
    );
    for (const url of ['/assets/missing.js', '/api/unknown', '/api']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 404,
        body: { message: 'Not found.', code: 'NOT_FOUND' },
      });
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user-service/v1/tenant/languages' })).statusCode).toBe(
      404,
    );
  });
});

describe('request validation', () => {
  test('an unknown body property is a 400 naming it, never silently dropped', async () => {
    const body = await t.api.fails('userLogin', 400, {
      body: { email: 'admin@acme.test', password: DEMO_PASSWORD, isAdmin: true },
    });
    expect(body).toEqual({
      message: 'The request does not match the contract.',
      code: 'BAD_REQUEST',
      errors: [{ field: 'isAdmin', message: 'must NOT have additional properties' }],
    });
  });

  test('a wrong type or a missing field is a 400 naming the fields', async () => {
    const body = await t.api.fails('userLogin', 400, { body: { email: 42 } });
    expect(body.errors?.map((e) => e.field).sort()).toEqual(['email', 'password']);
  });

  test('a required body that is missing is a 400', async () => {
    await t.api.fails('requestPasswordReset', 400);
  });

  test('query parameters are validated and coerced', async () => {
    const token = await t.signIn('admin@acme.test');
    const body = await t.api.fails('listUserActivities', 400, { token, query: { limit: 'many' } });
    expect(body.errors?.[0]?.field).toBe('query.limit');
    expect((await t.api.ok('listUserActivities', { token, query: { limit: '1' } })).activities).toHaveLength(1);
  });

  test('malformed JSON is a 400, an oversized body a 413', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/authz-service/userLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/authz-service/userLogin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(oversized.statusCode).toBe(413);
  });

  test('an empty body with a JSON content type counts as no body', async () => {
    const token = await t.signIn('admin@acme.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/v1/user/logout',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token.accessToken}`,
        'id-token': token.idToken,
      },
    });
    expect(response.statusCode).toBe(200);
  });

  test('unauthenticated requests get 401 before the body is even looked at', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('unexpected errors and logs', () => {
  test('an unexpected error is a 500 that leaks nothing, logged with its request id; credentials never reach the log', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock,
      outboxSweepMs: null,
      distDir: dist,
      logger: createLogger({ logLevel: 'info' }, { write: (line: string) => void lines.push(line) }),
    });
    app.get('/api/test/boom', async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    await app.ready();
    try {
      const boom = await app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ message: 'Something went wrong', code: 'INTERNAL' });
      expect(lines.some((l) => l.includes('secret_table') && l.includes('"reqId"'))).toBe(true);

      const login = await app.inject({
        method: 'POST',
        url: '/api/authz-service/userLogin',
        payload: { email: 'admin@acme.test', password: DEMO_PASSWORD },
      });
      const { access_token: accessToken, id_token: idToken } = login.json<{ access_token: string; id_token: string }>();
      await app.inject({
        method: 'GET',
        url: '/api/user-service/v1/user/userInfo',
        headers: { authorization: `Bearer ${accessToken}`, 'id-token': idToken },
      });
      await app.inject({ method: 'GET', url: '/resetPassword?token=reset-secret-123' });
      const log = lines.join('\n');
      expect(log).toContain('/resetPassword?token=[redacted]');
      expect(log).not.toContain('reset-secret-123');
      expect(log).toContain('/api/user-service/v1/user/userInfo');
      expect(log).not.toContain(DEMO_PASSWORD);
      expect(log).not.toContain(accessToken);
      expect(log).not.toContain(idToken);
    } finally {
      await app.close();
    }
  });
});
