import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CONTRACTS_DIR } from '../openapi/contract';
import { CONFORMANCE_GUIDE_FILE, CONFORMANCE_GUIDE_PATH } from './api-reference';
import { contentSecurityPolicy } from './security-headers';

let t: TestApp;
let policy: string;

beforeAll(async () => {
  t = await createTestApp();
  policy = contentSecurityPolicy(t.config.embedDashboards);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const bundled = readdirSync(CONTRACTS_DIR).filter((file) => file.endsWith('.openapi.json'));

test('/api/docs leads to the rendered reference; its policy allows only its own script and start-up code', async () => {
  const redirect = await get('/api/docs');
  expect({ status: redirect.statusCode, location: redirect.headers.location }).toEqual({
    status: 301,
    location: '/api/docs/',
  });

  const page = await get('/api/docs/');
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body).toContain('<script src="js/scalar.js"></script>');
  const inline = [...page.body.matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(inline).toHaveLength(1);
  const hash = createHash('sha256').update(inline[0]!).digest('base64');
  expect(page.headers['content-security-policy']).toBe(`${policy}; script-src 'self' 'sha256-${hash}'`);
  expect(page.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });

  const script = await get('/api/docs/js/scalar.js');
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-type']).toMatch(/javascript/);
});

test('every bundled document is served as JSON, listed on the page, and parses to the committed contract', async () => {
  expect(bundled).toContain('user-service.openapi.json');
  const page = (await get('/api/docs/')).body;
  for (const file of bundled) {
    const url = `/api/docs/${file}`;
    expect(page).toContain(`"url": "${url}"`);
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<{ openapi: string }>();
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document).toEqual(JSON.parse(readFileSync(join(CONTRACTS_DIR, file), 'utf8')));
  }
});

test('outside the reference page the policy stays the strict one, with no script source added', async () => {
  const elsewhere = ['/api/docs', `/api/docs/${bundled[0]}`, '/api/docs/js/scalar.js', '/api/docs/missing.json'];
  for (const url of [...elsewhere, '/api/user-service/v1/tenant/languages']) {
    expect((await get(url)).headers['content-security-policy']).toBe(policy);
  }
});

test("the conformance kit's guide for backend teams is a source of the page, its Markdown as served", async () => {
  const page = (await get('/api/docs/')).body;
  expect(page).toContain(`"url": "${CONFORMANCE_GUIDE_PATH}"`);
  const guide = (await get(CONFORMANCE_GUIDE_PATH)).json<{
    info: { title: string; description: string };
    paths: object;
  }>();
  expect(guide.info.title).toBe('Conformance kit: check a service against these documents');
  expect(guide.info.description).toContain('npm run conformance -- --base-url');
  expect(readFileSync(CONFORMANCE_GUIDE_FILE, 'utf8')).toContain(guide.info.description);
  expect(guide.paths).toEqual({});
});
