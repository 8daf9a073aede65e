import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { operations as AuthzOperations } from '../../contracts/authz-service';
import type { operations as DataOperations } from '../../contracts/data-service';
import type { operations as ExecutionOperations } from '../../contracts/execution-service';
import type { operations as ParticipantOperations } from '../../contracts/participant-service';
import type { operations as ProjectOperations } from '../../contracts/project-service';
import type { operations as UserOperations } from '../../contracts/user-service';
import { readAllOperations, type OperationSpec } from '../platform/openapi/contract';
import type { SuccessBody } from '../platform/openapi/handler';
import { routePath } from '../platform/openapi/register-operations';
import { ResponseValidator } from './response-validator';

/** A service without operations generates `Record<string, never>`, which would swallow every key. */
type Known<T> = string extends keyof T ? unknown : T;
export type AllOperations = Known<AuthzOperations> &
  Known<UserOperations> &
  Known<ProjectOperations> &
  Known<ParticipantOperations> &
  Known<ExecutionOperations> &
  Known<DataOperations>;
export type OperationId = keyof AllOperations & string;

export interface SignedIn {
  accessToken: string;
  idToken: string;
}

export interface CallOptions {
  params?: Record<string, string | number>;
  /** An array is sent as the parameter repeated (`style: form, explode: true`). */
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  body?: unknown;
  /** A multipart/form-data body: text fields (null sends an empty field) and files. */
  form?: Record<string, FormValue>;
  headers?: Record<string, string | number>;
  /** Sends `Authorization: Bearer` and `Id-Token`. */
  token?: SignedIn;
  operatingTenant?: number;
  /** Client address as the server sees it. */
  ip?: string;
}

export type FormValue = string | number | boolean | null | { filename: string; contentType: string; content: Buffer };

const FORM_BOUNDARY = '----voxscreen-test-boundary';

function multipartPayload(form: Record<string, FormValue>): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(form)) {
    if (value !== null && typeof value === 'object') {
      chunks.push(
        Buffer.from(
          `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(value.content, Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value ?? ''}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${FORM_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export interface ApiResponse {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: { field: string; message: string }[];
  authorization?: { application: string };
}

/** Calls operations by operationId through app.inject and checks every answer against the contract. */
export class ApiClient {
  readonly operations: Map<string, OperationSpec>;
  readonly #validator = new ResponseValidator();

  constructor(private readonly app: FastifyInstance) {
    this.operations = new Map(readAllOperations().map((op) => [op.operationId, op]));
  }

  operation(operationId: string): OperationSpec {
    const operation = this.operations.get(operationId);
    if (!operation) throw new Error(`No operation ${operationId} in the contract`);
    return operation;
  }

  async call(operationId: string, options: CallOptions = {}): Promise<ApiResponse> {
    const operation = this.operation(operationId);
    const url = routePath(operation.path).replace(/:([^/]+)/g, (_, name: string) => {
      const value = options.params?.[name];
      if (value === undefined) throw new Error(`${operationId}: path parameter ${name} missing`);
      return encodeURIComponent(String(value));
    });
    const query = Object.fromEntries(
      Object.entries(options.query ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
    );
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries(options.headers ?? {}).map(([k, v]) => [k, String(v)]),
    );
    if (options.token) {
      headers.authorization = `Bearer ${options.token.accessToken}`;
      headers['id-token'] = options.token.idToken;
    }
    if (options.operatingTenant !== undefined) headers.operatingTenant = String(options.operatingTenant);
    const urlEncoded = operation.requestBody?.mediaType === 'application/x-www-form-urlencoded';
    if (options.body !== undefined)
      headers['content-type'] ??= urlEncoded ? 'application/x-www-form-urlencoded' : 'application/json';
    if (options.form !== undefined) headers['content-type'] = `multipart/form-data; boundary=${FORM_BOUNDARY}`;
    const payload = (body: unknown) =>
      headers['content-type'] === 'application/x-www-form-urlencoded' && typeof body === 'object' && body !== null
        ? new URLSearchParams(body as Record<string, string>).toString()
        : JSON.stringify(body);
    const response = await this.app.inject({
      method: operation.method.toUpperCase() as 'GET',
      url,
      query,
      headers,
      ...(options.body !== undefined && { payload: payload(options.body) }),
      ...(options.form !== undefined && { payload: multipartPayload(options.form) }),
      remoteAddress: options.ip ?? '127.0.0.1',
      // A server-sent event stream (streamTenantEvents) never ends: its answer is taken at the headers.
      payloadAsStream: true,
    });
    const contentType = String(response.headers['content-type'] ?? '');
    const text = contentType.includes('text/event-stream') ? closeStream(response.stream()) : await read(response);
    const body: unknown = contentType.includes('application/json') && text ? JSON.parse(text) : text;
    this.#validator.check(operation, response.statusCode, body);
    return { status: response.statusCode, body, headers: response.headers };
  }

  /** Calls and requires the operation's success status; returns the typed body. */
  async ok<K extends OperationId>(operationId: K, options: CallOptions = {}): Promise<SuccessBody<AllOperations[K]>> {
    const response = await this.call(operationId, options);
    const expected = this.operation(operationId).successStatus;
    if (response.status !== expected) {
      throw new Error(
        `${operationId} answered ${response.status}, expected ${expected}: ${JSON.stringify(response.body)}`,
      );
    }
    return response.body as SuccessBody<AllOperations[K]>;
  }

  /** Calls and requires a given error status; returns the error body. */
  async fails(operationId: string, status: number, options: CallOptions = {}): Promise<ErrorBody> {
    const response = await this.call(operationId, options);
    if (response.status !== status) {
      throw new Error(
        `${operationId} answered ${response.status}, expected ${status}: ${JSON.stringify(response.body)}`,
      );
    }
    return response.body as ErrorBody;
  }
}

/** Ends an open event stream unread (the caller only wanted its status and headers). */
function closeStream(stream: Readable): string {
  stream.destroy();
  return '';
}

async function read(response: { stream(): Readable }): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
