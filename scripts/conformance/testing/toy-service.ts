/**
 * A small service and its OpenAPI document for the kit's own tests: sign-in, a list, a record, a write with a
 * permission, a binary download, a multipart upload and an event stream, with switches that make it break its
 * contract in the ways the kit must notice.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { readDocument, type KitOperation } from '../contract-model';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const error = { description: 'Error', content: { 'application/json': { schema: ref('Error') } } };
const refusals = { '400': error, '401': error, '403': error, '413': error, '415': error };
const session = [{ bearerAuth: [], idToken: [] }];
const tenantHeader = { name: 'operatingTenant', in: 'header', required: true, schema: { type: 'integer', minimum: 1 } };

export const TOY_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'toy', version: '1' },
  servers: [{ url: '/api' }],
  security: session,
  paths: {
    '/toy/login': {
      post: {
        operationId: 'toyLogin',
        security: [],
        'x-public': true,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['email', 'password'],
                properties: { email: { type: 'string' }, password: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Tokens',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['access_token', 'id_token'],
                  properties: { access_token: { type: 'string' }, id_token: { type: 'string' } },
                },
              },
            },
          },
          ...refusals,
        },
      },
    },
    '/toy/items': {
      get: {
        operationId: 'listToyItems',
        tags: ['Item'],
        parameters: [
          tenantHeader,
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
        ],
        responses: {
          '200': {
            description: 'Items',
            content: { 'application/json': { schema: { type: 'array', items: ref('Item') } } },
          },
          ...refusals,
        },
      },
      post: {
        operationId: 'createToyItem',
        tags: ['Item'],
        'x-permissions': ['toy.items.create'],
        parameters: [tenantHeader],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['name'],
                properties: { name: { type: 'string', minLength: 1, maxLength: 20 } },
              },
            },
          },
        },
        responses: {
          '201': { description: 'Created', content: { 'application/json': { schema: ref('Item') } } },
          ...refusals,
        },
      },
    },
    '/toy/items/{id}': {
      get: {
        operationId: 'getToyItem',
        tags: ['Item'],
        parameters: [tenantHeader, { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': {
            description: 'Item',
            headers: { 'X-Item-Version': { required: true, schema: { type: 'integer' } } },
            content: { 'application/json': { schema: ref('Item') } },
          },
          '404': error,
          ...refusals,
        },
      },
    },
    '/toy/files/{id}': {
      get: {
        operationId: 'downloadToyFile',
        tags: ['File'],
        parameters: [tenantHeader, { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': {
            description: 'The file',
            content: {
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', format: 'binary' },
              },
            },
          },
          '404': error,
          ...refusals,
        },
      },
    },
    '/toy/upload': {
      post: {
        operationId: 'uploadToyFile',
        tags: ['File'],
        'x-permissions': ['toy.files.create'],
        parameters: [tenantHeader],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                additionalProperties: false,
                properties: { file: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Digest',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['sha256', 'bytes'],
                  properties: { sha256: { type: 'string' }, bytes: { type: 'integer' } },
                },
              },
            },
          },
          ...refusals,
        },
      },
    },
    '/toy/events': {
      get: {
        operationId: 'streamToyEvents',
        tags: ['Event'],
        parameters: [tenantHeader],
        responses: {
          '200': { description: 'Events', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...refusals,
        },
      },
    },
  },
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer' },
      idToken: { type: 'apiKey', in: 'header', name: 'Id-Token' },
    },
    schemas: {
      Error: {
        type: 'object',
        additionalProperties: false,
        required: ['message'],
        properties: { message: { type: 'string' }, code: { type: 'string' } },
      },
      Item: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name'],
        properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' } },
      },
    },
  },
};

export const toyOperations = (): KitOperation[] =>
  readDocument('toy-service', structuredClone(TOY_DOCUMENT) as Parameters<typeof readDocument>[1]);

/** Ways the toy service can break its contract. */
export interface ToyFaults {
  /** Answers without checking credentials. */
  ignoreAuth?: boolean;
  /** Lets every role write. */
  ignorePermissions?: boolean;
  /** Adds a field the document does not name to each item. */
  extraField?: boolean;
  /** Answers the list with 500. */
  listFails?: boolean;
}

export const TOY_USERS = {
  'admin@toy.test': { permissions: ['toy.items.create', 'toy.files.create'], tenant: 1 },
  'reader@toy.test': { permissions: [] as string[], tenant: 1 },
  'stranger@toy.test': { permissions: ['toy.items.create'], tenant: 2 },
} as const;
export const TOY_PASSWORD = 'toy-password';

/** Bytes of a "spreadsheet" download: every byte value, so any re-encoding on the way shows. */
export const TOY_FILE = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));

export interface ToyService {
  app: FastifyInstance;
  url: string;
  /** Requests the service received, as `METHOD path`. */
  received: string[];
  close(): Promise<void>;
}

export async function startToyService(faults: ToyFaults = {}): Promise<ToyService> {
  const app = Fastify();
  await app.register(fastifyMultipart);
  const received: string[] = [];
  const items = [
    { id: 1, name: 'first' },
    { id: 2, name: 'second' },
  ];
  app.addHook('onRequest', async (request) => {
    received.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  const who = (request: FastifyRequest) => {
    const access = /^Bearer access:(.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const id = request.headers['id-token'];
    if (faults.ignoreAuth) return TOY_USERS['admin@toy.test'];
    if (!access || id !== `id:${access}`) return null;
    return TOY_USERS[access as keyof typeof TOY_USERS] ?? null;
  };
  const guard = (request: FastifyRequest, permission?: string) => {
    const user = who(request);
    if (!user) throw Object.assign(new Error('Sign in'), { statusCode: 401 });
    if (Number(request.headers.operatingtenant) !== user.tenant)
      throw Object.assign(new Error('Not your tenant'), { statusCode: 403 });
    if (permission && !faults.ignorePermissions && !(user.permissions as readonly string[]).includes(permission))
      throw Object.assign(new Error('Forbidden'), { statusCode: 403 });
  };
  app.setErrorHandler((err: Error & { statusCode?: number }, _request, reply) => {
    const status = err.statusCode ?? 500;
    return reply.code(status >= 400 ? status : 500).send({ message: err.message });
  });
  app.post('/api/toy/login', async (request, reply) => {
    const body = request.body as { email?: string; password?: string } | undefined;
    if (!body || typeof body.email !== 'string' || typeof body.password !== 'string')
      return reply.code(400).send({ message: 'email and password' });
    if (!(body.email in TOY_USERS) || body.password !== TOY_PASSWORD)
      return reply.code(401).send({ message: 'Wrong e-mail or password' });
    return { access_token: `access:${body.email}`, id_token: `id:${body.email}` };
  });
  app.get('/api/toy/items', async (request, reply) => {
    guard(request);
    if (faults.listFails) return reply.code(500).send({ message: 'boom' });
    const limit = (request.query as { limit?: string }).limit;
    if (limit !== undefined && !/^\d+$/.test(limit)) return reply.code(400).send({ message: 'limit' });
    const answer = items.map((item) => (faults.extraField ? { ...item, internalNote: 'x' } : item));
    // Compressed when asked, as a real service behind a gateway would answer.
    if (request.headers['x-toy-gzip'])
      return reply
        .header('content-encoding', 'gzip')
        .type('application/json')
        .send(gzipSync(JSON.stringify(answer)));
    return answer;
  });
  app.get('/api/toy/items/:id', async (request, reply) => {
    guard(request);
    const id = (request.params as { id: string }).id;
    if (!/^\d+$/.test(id)) return reply.code(400).send({ message: 'id' });
    const item = items.find((i) => i.id === Number(id));
    if (!item) return reply.code(404).send({ message: 'No such item' });
    return reply.header('x-item-version', '3').send(item);
  });
  app.post('/api/toy/items', async (request, reply) => {
    guard(request, 'toy.items.create');
    const body = request.body as { name?: unknown } | undefined;
    const keys = Object.keys(body ?? {});
    if (
      typeof body?.name !== 'string' ||
      body.name.length < 1 ||
      body.name.length > 20 ||
      keys.some((k) => k !== 'name')
    )
      return reply.code(400).send({ message: 'name' });
    const item = { id: items.length + 1, name: body.name };
    items.push(item);
    return reply.code(201).send(item);
  });
  app.get('/api/toy/files/:id', async (request, reply) => {
    guard(request);
    if (!/^\d+$/.test((request.params as { id: string }).id)) return reply.code(400).send({ message: 'id' });
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(TOY_FILE);
  });
  app.post('/api/toy/upload', async (request, reply) => {
    guard(request, 'toy.files.create');
    if (!request.isMultipart()) return reply.code(415).send({ message: 'multipart only' });
    const file = await request.file();
    const bytes = file ? await file.toBuffer() : Buffer.alloc(0);
    return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
  });
  app.get('/api/toy/events', async (request, reply) => {
    guard(request);
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write('data: one\n\n');
    setTimeout(() => reply.raw.end('data: two\n\n'), 50);
    return reply;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, received, close: () => app.close() };
}
