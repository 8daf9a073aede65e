import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { consoleInlineScriptHashes } from './static-console';

// The documents a production build writes (ADR 0082): the prerendered sign-in page, the shell's frame, the plain one.
const HEAD_SCRIPT = 'document.documentElement.classList.add("light")';
const page = (name: string) =>
  `<!doctype html><head><script>${HEAD_SCRIPT}</script><script defer src="/main.0123456789.js"></script></head>` +
  `<div id="root"><script type="application/json">{"data":"block"}</script>${name}</div>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'voxscreen-pages-'));
  writeFileSync(join(dist, 'index.html'), page('sign-in'));
  writeFileSync(join(dist, 'shell.html'), page('shell'));
  writeFileSync(join(dist, 'console.html'), page('plain'));
  t = await createTestApp({ distDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('each console address gets its document', () => {
  test.each([
    ['/', 'sign-in'],
    ['/main', 'shell'],
    ['/main/dashboard', 'shell'],
    ['/main/project/12/participants', 'shell'],
    ['/resetPassword', 'plain'],
    ['/login', 'plain'],
    ['/mainframe', 'plain'],
  ])('%s answers the %s document', async (url, name) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(page(name));
  });

  test('a build with index.html alone answers it everywhere, as before', async () => {
    const only = mkdtempSync(join(tmpdir(), 'voxscreen-pages-'));
    writeFileSync(join(only, 'index.html'), page('sign-in'));
    const app = await createTestApp({ distDir: only });
    try {
      for (const url of ['/main/dashboard', '/resetPassword']) {
        expect((await app.app.inject({ method: 'GET', url })).body).toBe(page('sign-in'));
      }
    } finally {
      await app.close();
      rmSync(only, { recursive: true, force: true });
    }
  });
});

describe('the inline script runs under the content security policy', () => {
  test('its hash is allowed, and nothing else inline: no unsafe-inline, data blocks are not scripts', async () => {
    expect(consoleInlineScriptHashes(dist)).toEqual([sha256(HEAD_SCRIPT)]);
    for (const url of ['/', '/main/dashboard', '/api/user-service/v1/app/version']) {
      const policy = String((await get(url)).headers['content-security-policy']);
      const scripts = policy.split('; ').filter((directive) => directive.startsWith('script-src'));
      expect(scripts).toEqual([`script-src 'self' ${sha256(HEAD_SCRIPT)}`]);
    }
  });

  test('without a built console there is no script-src directive (scripts fall back to default-src)', () => {
    expect(consoleInlineScriptHashes(join(dist, 'missing'))).toEqual([]);
  });
});
