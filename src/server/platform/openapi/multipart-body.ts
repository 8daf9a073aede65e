import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
// The request's multipart methods are declared by the plugin's type augmentation.
import type {} from '@fastify/multipart';
import type { ValidateFunction } from 'ajv';
import { HttpError } from '../http/http-error';
import type { JsonSchema } from './contract';
import { findNul, NUL_MESSAGE } from './input-rules';
import { createAjv } from './schema-validator';
import { SAFE_IMAGE_TYPES, sniffImageType } from './sniff-upload';

/** An uploaded file of a multipart body, as the handler receives it. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * A large file of a multipart body (a `format: binary` property with `x-max-bytes`): streamed to a temporary
 * file as it arrives, never held in memory; `head` keeps its first bytes for the magic-byte check. The file is
 * removed when the response is sent (removeTemporaryUploads).
 */
export interface StreamedUpload {
  filename: string;
  mimetype: string;
  path: string;
  sizeBytes: number;
  head: Buffer;
}

/** How many leading bytes of a streamed upload are kept for file-type detection. */
export const HEAD_BYTES = 64 * 1024;

export const isStreamedUpload = (value: unknown): value is StreamedUpload =>
  typeof value === 'object' && value !== null && 'path' in value && 'head' in value;

/** The streamed file of a `format: binary` property with `x-max-bytes` (typed as a string by the generator). */
export const streamedUpload = (value: unknown): StreamedUpload | null => (isStreamedUpload(value) ? value : null);

const temporaryUploads = new WeakMap<FastifyRequest, string[]>();

/** Removes the temporary files of a request's streamed uploads (the router calls it once the answer is sent). */
export async function removeTemporaryUploads(request: FastifyRequest): Promise<void> {
  const paths = temporaryUploads.get(request) ?? [];
  temporaryUploads.delete(request);
  await Promise.all(paths.map((path) => rm(path, { force: true })));
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const tooLarge = (field: string, limit: number) =>
  new HttpError(413, `The file is larger than ${megabytes(limit)}.`, {
    code: 'PAYLOAD_TOO_LARGE',
    errors: [{ field, message: `The file is larger than ${megabytes(limit)}.` }],
  });

/** Streams one file part to a temporary file, counting its bytes and keeping its head. */
async function streamToTemporaryFile(
  request: FastifyRequest,
  part: {
    file: NodeJS.ReadableStream & { truncated?: boolean };
    filename: string;
    mimetype: string;
    fieldname: string;
  },
  limit: number,
): Promise<StreamedUpload> {
  const dir = join(tmpdir(), 'voxscreen-uploads');
  await mkdir(dir, { recursive: true });
  const path = join(dir, randomUUID());
  temporaryUploads.set(request, [...(temporaryUploads.get(request) ?? []), path]);
  const chunks: Buffer[] = [];
  let kept = 0;
  let sizeBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.length;
      if (kept < HEAD_BYTES) {
        chunks.push(chunk.subarray(0, HEAD_BYTES - kept));
        kept += Math.min(chunk.length, HEAD_BYTES - kept);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 413) throw tooLarge(part.fieldname, limit);
    throw error;
  }
  if (part.file.truncated) throw tooLarge(part.fieldname, limit);
  return { filename: part.filename, mimetype: part.mimetype, path, sizeBytes, head: Buffer.concat(chunks) };
}

/** Largest uploaded file (docs/product/platform.md#uploads: logo maximum 1 MB). */
export const MAX_UPLOAD_BYTES = 1024 * 1024;

export const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && 'data' in value && Buffer.isBuffer((value as UploadedFile).data);

/** The file of a `format: binary` property of a multipart body (typed as a string by the generator). */
export const uploadedFile = (value: unknown): UploadedFile | null => (isUploadedFile(value) ? value : null);

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

const isFileProperty = (schema: JsonSchema) => schema.format === 'binary';

/** The per-call byte limit of a streamed file property (`x-max-bytes`), or null for a small buffered file. */
const streamLimit = (schema: JsonSchema): number | null =>
  typeof schema['x-max-bytes'] === 'number' ? (schema['x-max-bytes'] as number) : null;

/** A form field arrives as text: '' is null (when allowed), digits an integer, true/false a boolean. */
function coerceField(text: string, schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (text === '' && types.includes('null')) return null;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text.trim()))
    return Number(text.trim());
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The answer to a file name the contract's FileName refuses (openapi/components/common.yaml). */
export const FILE_NAME_MESSAGE =
  'The file name must have 1 to 200 characters, without a slash, a backslash or a control character, and not be . or ..';

const badRequest = (message: string, field = 'body') =>
  new HttpError(400, message, { code: 'BAD_REQUEST', errors: [{ field, message }] });

/**
 * A body the multipart parser cannot read (no boundary, a boundary cut off, a torn part) is the client's
 * error: 400, not a 500. Limits keep their own 4xx.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status > 400 && status < 500) return error;
  return badRequest(`The multipart body cannot be read: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Reads and validates a multipart/form-data body against its contract schema: text fields are coerced by
 * their declared type and validated like a JSON body (unknown fields are errors); `format: binary` properties
 * are files, at most MAX_UPLOAD_BYTES each, matching `contentMediaType` (e.g. `image/*`) when declared.
 */
export function createMultipartReader(schema: JsonSchema) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const fileNames = Object.keys(properties).filter((name) => isFileProperty(properties[name]!));
  const fieldSchema: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).filter(([name]) => !fileNames.includes(name))),
    required: [...required].filter((name) => !fileNames.includes(name)),
  };
  const largest = Math.max(MAX_UPLOAD_BYTES, ...fileNames.map((name) => streamLimit(properties[name]!) ?? 0));
  // Compiled by the first request that needs them (ADR 0077): a dozen forms compiled at start cost a second and a half.
  let compiled: { fields: ValidateFunction; fileNameRules: Map<string, ValidateFunction | null> } | null = null;
  const compile = () => {
    if (compiled) return compiled;
    const ajv = createAjv({ coerceTypes: false });
    compiled = {
      fields: ajv.compile(fieldSchema),
      fileNameRules: new Map(
        fileNames.map((name) => {
          const rule = properties[name]!['x-file-name'];
          return [name, typeof rule === 'object' && rule !== null ? ajv.compile(rule as JsonSchema) : null] as const;
        }),
      ),
    };
    return compiled;
  };
  const validate = (data: unknown): boolean => {
    const { fields } = compile();
    const valid = fields(data);
    validate.errors = fields.errors;
    return valid;
  };
  validate.errors = null as ValidateFunction['errors'];
  /**
   * The part's file name against the property's `x-file-name` (ADR 0072), before its bytes are read; a part
   * without a name is an empty file input unless it has bytes (checked again once read, `size`).
   */
  const checkFileName = (field: string, filename: string, size: number | null) => {
    const rule = compile().fileNameRules.get(field);
    if (!rule) return;
    if (filename === '' ? size !== null && size > 0 : !rule(filename)) throw badRequest(FILE_NAME_MESSAGE, field);
  };

  return async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
    try {
      return await readForm(request);
    } catch (error) {
      throw asClientError(error);
    }
  };

  async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
    if (!request.isMultipart()) {
      // A body of another media type is refused as the JSON operations refuse one (415); no body at all is a 400.
      const sent = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (sent) throw new HttpError(415, `Unsupported Media Type: ${sent}`, { code: 'UNSUPPORTED_MEDIA_TYPE' });
      throw badRequest('The request body must be multipart/form-data.');
    }
    const body: Record<string, unknown> = {};
    const seen = new Set<string>();
    for await (const part of request.parts({ limits: { fileSize: largest, files: fileNames.length || 1 } })) {
      if (seen.has(part.fieldname)) throw badRequest(`${part.fieldname} is sent more than once.`, part.fieldname);
      seen.add(part.fieldname);
      if (part.type === 'file') {
        const property = properties[part.fieldname];
        if (!property || !isFileProperty(property))
          throw badRequest(`${part.fieldname} is not a file field.`, part.fieldname);
        checkFileName(part.fieldname, part.filename, null);
        const limit = streamLimit(property);
        if (limit !== null) {
          const upload = await streamToTemporaryFile(request, part, limit);
          if (upload.sizeBytes > limit) throw tooLarge(part.fieldname, limit);
          checkFileName(part.fieldname, part.filename, upload.sizeBytes);
          if (upload.sizeBytes > 0) body[part.fieldname] = upload;
          continue;
        }
        const data = await part.toBuffer();
        checkFileName(part.fieldname, part.filename, data.length);
        if (part.file.truncated || data.length > MAX_UPLOAD_BYTES)
          throw new HttpError(413, 'The file is larger than 1 MB.', {
            code: 'PAYLOAD_TOO_LARGE',
            errors: [{ field: part.fieldname, message: 'The file is larger than 1 MB.' }],
          });
        const accepted = typeof property.contentMediaType === 'string' ? property.contentMediaType : null;
        if (accepted && !new RegExp(`^${accepted.replace('*', '[^/]+')}$`).test(part.mimetype)) {
          throw new HttpError(422, 'Invalid file type.', {
            code: 'INVALID_FILE_TYPE',
            errors: [{ field: part.fieldname, message: `Only ${accepted} files are accepted.` }],
          });
        }
        if (data.length === 0) continue;
        // An image is what its bytes are, not what the client declared; the detected type is the one kept.
        const sniffed = accepted?.startsWith('image/') ? await sniffImageType(data) : part.mimetype;
        if (!sniffed) {
          throw new HttpError(422, 'Invalid file type.', {
            code: 'INVALID_FILE_TYPE',
            errors: [{ field: part.fieldname, message: `Only ${SAFE_IMAGE_TYPES.join(', ')} files are accepted.` }],
          });
        }
        body[part.fieldname] = { filename: part.filename, mimetype: sniffed, data } satisfies UploadedFile;
      } else {
        if (fileNames.includes(part.fieldname)) throw badRequest(`${part.fieldname} must be a file.`, part.fieldname);
        const property = properties[part.fieldname];
        if (findNul(part.fieldname) !== null || findNul(part.value) !== null)
          throw badRequest(`${part.fieldname} ${NUL_MESSAGE}.`, part.fieldname);
        body[part.fieldname] = property ? coerceField(String(part.value), property) : part.value;
      }
    }
    const missingFile = fileNames.find((name) => required.has(name) && !(name in body));
    if (missingFile) throw badRequest(`${missingFile} is required.`, missingFile);
    const fields = Object.fromEntries(Object.entries(body).filter(([name]) => !fileNames.includes(name)));
    if (!validate(fields)) {
      const errors = (validate.errors ?? []).map((e) => {
        const named =
          (e.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
          (e.params as { additionalProperty?: string }).additionalProperty;
        const field = [...e.instancePath.split('/').filter(Boolean), ...(named ? [named] : [])].join('.') || 'body';
        return { field, message: e.message ?? 'is not valid' };
      });
      throw new HttpError(400, 'The request does not match the contract.', { code: 'BAD_REQUEST', errors });
    }
    return body;
  }
}
