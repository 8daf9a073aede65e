import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3FileStorage } from '../storage/s3-file-storage';
import { egressAgents } from './egress-agents';
import { EgressPolicy, EgressRefused, parseAllowList, type Resolver } from './egress-policy';
import { EgressUnreachable, sendEgressRequest, UNREACHABLE_MESSAGE } from './egress-request';

// Issue 26 finding 2: a callback URL could be any address inside the network.
const INTERNAL = [
  ['loopback', '127.0.0.1'],
  ['loopback, elsewhere in 127/8', '127.8.9.10'],
  ['link-local (cloud metadata)', '169.254.169.254'],
  ['private 10/8', '10.0.0.5'],
  ['private 172.16/12', '172.16.4.1'],
  ['private 192.168/16', '192.168.1.1'],
  ['carrier-grade NAT', '100.64.0.1'],
  ['unspecified', '0.0.0.0'],
  ['broadcast', '255.255.255.255'],
  ['multicast', '224.0.0.1'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv6 unique-local', 'fd12:3456::1'],
  ['IPv6 link-local', 'fe80::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped private, hex form', '::ffff:a00:5'],
  ['NAT64 of loopback', '64:ff9b::7f00:1'],
  ['6to4 of a private address', '2002:c0a8:101::1'],
] as const;

const policy = new EgressPolicy();

test.each(INTERNAL)('%s (%s) is refused', (_what, address) => {
  expect(policy.refusal(address)).toMatch(/refuses$/);
});

test.each([['93.184.216.34'], ['8.8.8.8'], ['2606:4700:4700::1111']])('public %s is allowed', (address) => {
  expect(policy.refusal(address)).toBeNull();
});

test.each([
  ['a decimal number', 'http://2130706433/'],
  ['hexadecimal parts', 'http://0x7f.1/'],
  ['octal parts', 'http://0177.0.0.1/'],
  ['a short form', 'http://127.1:8080/'],
  ['an IPv6 literal', 'http://[::1]:8080/hook'],
  ['a mapped IPv6 literal', 'http://[::ffff:169.254.169.254]/latest/meta-data/'],
  ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
  ['port 22 of 0.0.0.0', 'http://0.0.0.0:22/'],
  ['a private address', 'https://10.0.0.5/callback'],
])('a URL with %s is refused at save time', async (_what, url) => {
  expect(await policy.urlRefusal(url)).toMatch(/refuses$/);
});

describe('host names', () => {
  const resolver = (answers: Record<string, string[]>): Resolver =>
    jest.fn(async (host: string) => {
      const found = answers[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    });
  const named = new EgressPolicy(
    [],
    resolver({
      'hooks.example.com': ['93.184.216.34'],
      'internal.example.com': ['10.1.2.3'],
      'mixed.example.com': ['93.184.216.34', '127.0.0.1'],
    }),
  );

  test('a name is resolved and every address checked; one internal answer refuses the name', async () => {
    await expect(named.resolve('hooks.example.com')).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(named.resolve('internal.example.com')).rejects.toThrow(EgressRefused);
    await expect(named.resolve('mixed.example.com')).rejects.toThrow(/mixed.example.com resolves to 127.0.0.1/);
  });

  test('at save time a name that does not resolve yet is accepted; localhost is not', async () => {
    expect(await named.urlRefusal('https://not-yet.example.com/hook')).toBeNull();
    expect(await named.urlRefusal('https://hooks.example.com/hook')).toBeNull();
    expect(await new EgressPolicy().urlRefusal('http://localhost:8080/hook')).toMatch(/loopback/);
  });
});

test('EGRESS_ALLOW lets named networks through, and a bad entry fails at start', () => {
  const allowed = new EgressPolicy(parseAllowList('127.0.0.1/32, fd00::/8'));
  expect(allowed.refusal('127.0.0.1')).toBeNull();
  expect(allowed.refusal('::ffff:127.0.0.1')).toBeNull();
  expect(allowed.refusal('fd00::5')).toBeNull();
  expect(allowed.refusal('127.0.0.2')).toMatch(/loopback/);
  expect(() => parseAllowList('localhost')).toThrow(/EGRESS_ALLOW/);
});

describe('at connect time', () => {
  let receiver: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    receiver = createServer((_req, res) => {
      hits += 1;
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  const post = (target: EgressPolicy, url: string) =>
    sendEgressRequest(egressAgents(target), url, { method: 'POST', headers: {}, body: '{}', timeoutMs: 5000 });

  test('a name that resolved to a public address at save time and to loopback now (DNS rebinding) is not connected', async () => {
    let answer = '93.184.216.34';
    const rebinding = new EgressPolicy([], async () => [{ address: answer, family: 4 }]);
    expect(await rebinding.urlRefusal(`http://rebind.example.com:${port}/hook`)).toBeNull();
    answer = '127.0.0.1';
    const before = hits;
    await expect(post(rebinding, `http://rebind.example.com:${port}/hook`)).rejects.toThrow(EgressUnreachable);
    expect(hits).toBe(before);
  });

  test('an IP literal, in any of its spellings, is checked before connecting', async () => {
    const before = hits;
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '[::ffff:127.0.0.1]'])
      await expect(post(new EgressPolicy(), `http://${host}:${port}/hook`)).rejects.toThrow(UNREACHABLE_MESSAGE);
    expect(hits).toBe(before);
  });

  test('allowed by EGRESS_ALLOW, the same receiver is reached; a closed port fails with the same text', async () => {
    const loopback = new EgressPolicy(['127.0.0.0/8']);
    expect(await post(loopback, `http://127.0.0.1:${port}/hook`)).toBe(204);
    const closed = await post(loopback, 'http://127.0.0.1:1/hook').catch((error: Error) => error);
    const refused = await post(new EgressPolicy(), `http://127.0.0.1:${port}/hook`).catch((error: Error) => error);
    expect([(closed as Error).message, (refused as Error).message]).toEqual([UNREACHABLE_MESSAGE, UNREACHABLE_MESSAGE]);
  });

  test('the S3 client connects through the policy too', async () => {
    const settings = {
      bucket: 'files',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      prefix: '',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    };
    const before = hits;
    const refused = new S3FileStorage(settings, undefined, egressAgents(new EgressPolicy()));
    await expect(refused.get('tenants/1/a.txt')).rejects.toThrow(/loopback address/);
    expect(hits).toBe(before);
    const allowed = new S3FileStorage(settings, undefined, egressAgents(new EgressPolicy(['127.0.0.1'])));
    await allowed.get('tenants/1/a.txt').catch(() => null); // the receiver is no S3 server: only the connection counts
    expect(hits).toBeGreaterThan(before);
  });
});
