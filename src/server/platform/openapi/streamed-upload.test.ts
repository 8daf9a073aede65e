import { existsSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import { HttpError } from '../http/http-error';
import { createMultipartReader, removeTemporaryUploads, streamedUpload } from './multipart-body';

const BOUNDARY = 'streamed-boundary';
const form = (content: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/** An app whose one route reads a streamed file property limited to 2 MB. */
async function appWithStreamedUpload() {
  const app = Fastify();
  await app.register(fastifyMultipart, { limits: { fileSize: 1024 * 1024 } });
  const read = createMultipartReader({
    type: 'object',
    additionalProperties: false,
    properties: { file: { type: 'string', format: 'binary', 'x-max-bytes': 2 * 1024 * 1024 } },
  });
  let seenPath = '';
  app.setErrorHandler((error, _request, reply) =>
    reply.code(error instanceof HttpError ? error.statusCode : 500).send({ message: (error as Error).message }),
  );
  app.post('/upload', {
    preHandler: async (request) => {
      request.body = await read(request);
    },
    onResponse: removeTemporaryUploads,
    handler: async (request) => {
      const upload = streamedUpload((request.body as { file?: unknown }).file)!;
      seenPath = upload.path;
      return { size: upload.sizeBytes, head: upload.head.length, onDisk: existsSync(upload.path) };
    },
  });
  return { app, seenPath: () => seenPath };
}

test('a file above the global 1 MB limit but within its own limit streams to disk, removed after the answer', async () => {
  const { app, seenPath } = await appWithStreamedUpload();
  const content = Buffer.alloc(1536 * 1024, 7);
  const answer = await app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: form(content),
  });
  expect(answer.json()).toEqual({ size: content.length, head: 64 * 1024, onDisk: true });
  await new Promise((resolve) => setTimeout(resolve, 100)); // onResponse runs once the answer is sent
  expect(existsSync(seenPath())).toBe(false);
  await app.close();
});

test('a file over its limit is 413', async () => {
  const { app } = await appWithStreamedUpload();
  const answer = await app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: form(Buffer.alloc(2 * 1024 * 1024 + 10, 1)),
  });
  expect(answer.statusCode).toBe(413);
  expect(answer.json().message).toBe('The file is larger than 2 MB.');
  await app.close();
});

test('a body of another media type is 415, as on JSON operations; no body at all is 400', async () => {
  const { app } = await appWithStreamedUpload();
  const json = await app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': 'application/json' },
    payload: '{"file":"x"}',
  });
  expect(json.statusCode).toBe(415);
  expect(json.json()).toEqual({ message: 'Unsupported Media Type: application/json' });
  const none = await app.inject({ method: 'POST', url: '/upload' });
  expect(none.statusCode).toBe(400);
  await app.close();
});
