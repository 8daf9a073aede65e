import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { API_COMPRESSION_THRESHOLD_BYTES } from './api-compression';

let t: TestApp;
let dist: string;

const INDEX = '<!doctype html><title>Voxscreen</title><div id="root"></div>';
const CHUNK = `console.log(${JSON.stringify('chunk '.repeat(200))});`;
const HASHED = '/main.0123456789.js';

/** A file as webpack leaves it in dist/: itself, its brotli and gzip copies. */
function writeWithCopies(name: string, content: string): void {
  writeFileSync(join(dist, name), content);
  writeFileSync(join(dist, `${name}.br`), brotliCompressSync(content));
  writeFileSync(join(dist, `${name}.gz`), gzipSync(content));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'voxscreen-dist-'));
  writeWithCopies('index.html', INDEX);
  writeWithCopies(HASHED.slice(1), CHUNK);
  writeFileSync(join(dist, `${HASHED.slice(1)}.map`), '{"version":3}');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'logo.abcdef0123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ distDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('static files are negotiated between the precompressed copies', () => {
  test.each([
    ['br', 'gzip, deflate, br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', 'gzip, deflate', (body: Buffer) => gunzipSync(body)],
    [undefined, 'identity', (body: Buffer) => body],
    [undefined, undefined, (body: Buffer) => body],
  ])('content-encoding %s for Accept-Encoding %s', async (encoding, accept, decode) => {
    const response = await get(HASHED, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^application\/javascript; charset=utf-8$/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(decode(response.rawPayload).toString('utf8')).toBe(CHUNK);
  });

  test('index.html and the SPA fallback are negotiated too', async () => {
    for (const url of ['/', '/index.html', '/main/dashboard']) {
      const response = await get(url, 'br');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(INDEX);
    }
  });

  test('a file without a compressed copy goes out as it is', async () => {
    const response = await get('/assets/logo.abcdef0123.png', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
  });
});

describe('caching', () => {
  test('content-hashed files are immutable for a year', async () => {
    for (const [url, accept] of [
      [HASHED, 'br'],
      [HASHED, 'gzip'],
      [HASHED, undefined],
      ['/assets/logo.abcdef0123.png', 'br'],
    ] as const) {
      expect((await get(url, accept)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  test('index.html and the SPA fallback are revalidated on every visit', async () => {
    for (const url of ['/', '/index.html', '/login', '/main/dashboard']) {
      for (const accept of ['br', undefined])
        expect((await get(url, accept)).headers['cache-control']).toBe('no-cache');
    }
  });
});

test('source maps and the compressed copies themselves are not served', async () => {
  for (const url of [`${HASHED}.map`, `${HASHED}.br`, `${HASHED}.gz`, '/index.html.gz', '/missing.js.map']) {
    const response = await get(url, 'br, gzip');
    expect({ url, status: response.statusCode, body: response.json() }).toEqual({
      url,
      status: 404,
      body: { message: 'Not found.', code: 'NOT_FOUND' },
    });
  }
});

describe('API compression', () => {
  test('JSON above the threshold is compressed by Accept-Encoding, with Vary', async () => {
    const token = await t.signIn('admin@voxscreen.test');
    const headers = { authorization: `Bearer ${token.accessToken}`, 'id-token': token.idToken };
    const url = '/api/user-service/v1/user/userInfo';
    const plain = await t.app.inject({ method: 'GET', url, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD_BYTES);
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': accept } });
      expect(response.headers['content-encoding']).toBe(accept);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  test('small JSON answers go out as they are', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user-service/v1/app/version',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
