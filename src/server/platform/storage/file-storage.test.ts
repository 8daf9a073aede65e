import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage, type S3StorageSettings } from './s3-file-storage';
import { s3SettingsFromEnv } from './storage-config';
import { UploadUrlSigner } from './upload-url-token';

const text = async (stream: Readable | null) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
};
const input = (content: string) => ({
  body: Readable.from([Buffer.from(content)]),
  sizeBytes: content.length,
  contentType: 'text/plain',
});

describe('LocalFileStorage', () => {
  const storage = new LocalFileStorage(mkdtempSync(join(tmpdir(), 'voxscreen-storage-')));

  test('puts, reads, sizes and deletes by key', async () => {
    await storage.put('tenants/1/a.txt', input('hello'));
    expect(await storage.size('tenants/1/a.txt')).toBe(5);
    expect(await text(await storage.get('tenants/1/a.txt'))).toBe('hello');
    await storage.delete('tenants/1/a.txt');
    expect(await storage.get('tenants/1/a.txt')).toBeNull();
    expect(await storage.presignedPutUrl()).toBeNull();
  });

  test('refuses keys that leave the root', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', ''])
      await expect(storage.put(key, input('x'))).rejects.toThrow('Invalid storage key');
  });
});

describe('S3FileStorage', () => {
  const settings: S3StorageSettings = {
    bucket: 'voxscreen-files',
    region: 'eu-west-1',
    endpoint: 'http://127.0.0.1:9000',
    forcePathStyle: true,
    prefix: 'demo/',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  };
  const client = new S3Client({ region: settings.region, credentials: settings.credentials! });
  const s3 = mockClient(client);
  const storage = new S3FileStorage(settings, client);
  afterEach(() => s3.reset());

  test('puts under the prefix with the length and type; reads the body', async () => {
    s3.on(PutObjectCommand).resolves({});
    s3.on(GetObjectCommand).resolves({ Body: Readable.from([Buffer.from('stored')]) as never });
    await storage.put('tenants/1/a.zip', { ...input('abc'), contentType: 'application/zip' });
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({
      Bucket: 'voxscreen-files',
      Key: 'demo/tenants/1/a.zip',
      ContentLength: 3,
      ContentType: 'application/zip',
    });
    expect(await text(await storage.get('tenants/1/a.zip'))).toBe('stored');
  });

  test('a missing object is null, not an error', async () => {
    s3.on(GetObjectCommand).rejects(Object.assign(new Error('missing'), { name: 'NoSuchKey' }));
    s3.on(HeadObjectCommand).rejects(Object.assign(new Error('missing'), { name: 'NotFound' }));
    expect(await storage.get('x')).toBeNull();
    expect(await storage.size('x')).toBeNull();
  });

  test('presigns a PUT URL on the endpoint, path style, with the expiry', async () => {
    const url = new URL(
      await storage.presignedPutUrl('tenants/1/a.zip', { contentType: 'application/zip', expiresInSeconds: 900 }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9000/voxscreen-files/demo/tenants/1/a.zip');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('configuration', () => {
  test('S3 is on with S3_BUCKET only; keys go together', () => {
    expect(s3SettingsFromEnv({})).toBeNull();
    expect(s3SettingsFromEnv({ S3_BUCKET: 'b', S3_PREFIX: 'x', S3_FORCE_PATH_STYLE: 'true' })).toEqual({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: true,
      prefix: 'x/',
      credentials: null,
    });
    expect(() => s3SettingsFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' })).toThrow('set together');
  });
});

describe('UploadUrlSigner', () => {
  const signer = new UploadUrlSigner(Buffer.from('k'.repeat(32)));
  const grant = {
    storageKey: 'a/b.zip',
    contentType: 'application/zip',
    maxBytes: 10,
    acceptedTypes: ['application/zip'],
    expiresAt: 100,
  };

  test('verifies its own unexpired tokens only', () => {
    const token = signer.sign(grant);
    expect(signer.verify(token, 99)).toEqual(grant);
    expect(signer.verify(token, 100)).toBeNull();
    expect(signer.verify(`${token}x`, 99)).toBeNull();
    expect(new UploadUrlSigner(Buffer.from('other')).verify(token, 99)).toBeNull();
  });
});
