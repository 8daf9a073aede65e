import { DEMO_USERS, parseCommand } from './cli-options';
import { checkTarget, isLoopback } from './target-safety';

test('only this machine, unless the host is named', () => {
  expect(isLoopback('127.0.0.1')).toBe(true);
  expect(isLoopback('127.8.9.10')).toBe(true);
  expect(isLoopback('localhost')).toBe(true);
  expect(isLoopback('[::1]')).toBe(true);
  expect(isLoopback('10.0.0.1')).toBe(false);
  expect(() => checkTarget('https://api.example.test', [])).toThrow(/--allow-host api\.example\.test/);
  expect(checkTarget('https://api.example.test/base', ['api.example.test']).host).toBe('api.example.test');
  expect(() => checkTarget('ftp://127.0.0.1', [])).toThrow(/http/);
  expect(() => parseCommand(['--base-url', 'http://staging.example.test'])).toThrow(/not this machine/);
});

test('safe defaults: no writes, a request budget, a random seed; writes only when asked', () => {
  const plain = parseCommand(['--base-url', 'http://127.0.0.1:8080', '--email', 'a@b.test', '--password', 'pw']);
  expect(plain.mode).toBe('check');
  expect(plain.check).toMatchObject({
    allowWrites: false,
    maxRequests: 5000,
    caller: { email: 'a@b.test', password: 'pw' },
  });
  expect(plain.reportDir).toBe('conformance-report');
  const writes = parseCommand(['--base-url', 'http://127.0.0.1:8080', '--allow-writes', '--write-probes-only']);
  expect(writes.check).toMatchObject({ allowWrites: true, writeRequests: false });
});

test('the demo users of README.md, the tenant overridable; a token instead of a password', () => {
  const demo = parseCommand(['--base-url', 'http://127.0.0.1:8080', '--demo-users', '--tenant', '3']);
  expect(demo.check).toMatchObject({
    caller: { email: DEMO_USERS.caller },
    readOnly: { email: DEMO_USERS.readOnly },
    otherTenant: { email: DEMO_USERS.otherTenant },
    tenant: '3',
  });
  const token = parseCommand(['--base-url', 'http://127.0.0.1:1', '--token', 't0k', '--credential', 'idToken=id']);
  expect(token.check!.caller).toEqual({ credentials: { '*bearer': 't0k', idToken: 'id' } });
});

test('usage errors name what is wrong', () => {
  expect(() => parseCommand([])).toThrow(/--base-url/);
  expect(() => parseCommand(['--base-url', 'http://127.0.0.1', '--email', 'a@b.test'])).toThrow(/go together/);
  expect(() => parseCommand(['--base-url', 'http://127.0.0.1', '--max-requests', 'many'])).toThrow(/whole number/);
  expect(() => parseCommand(['--proxy', '--upstream', 'http://127.0.0.1:1'])).toThrow(/--port/);
  expect(parseCommand(['--proxy', '--upstream', 'http://127.0.0.1:1', '--port', '0']).proxy).toEqual({
    upstream: 'http://127.0.0.1:1',
    port: 0,
    host: '127.0.0.1',
  });
});
