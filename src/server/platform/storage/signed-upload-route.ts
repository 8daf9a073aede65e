import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { HttpError } from '../http/http-error';
import { API_PREFIX } from '../openapi/register-operations';
import { sniffFileType } from './sniff-file';

/** The path local storage hands out as an upload URL (what a presigned S3 URL is for S3). */
export const SIGNED_UPLOAD_PATH = `${API_PREFIX}/storage/upload`;

const refused = (status: number, message: string, code: string) => new HttpError(status, message, { code });

/**
 * PUT {SIGNED_UPLOAD_PATH}?token=...: stores the body at the key the token grants, when the token is well signed
 * and unexpired, the body is at most the granted size and its bytes are of the granted type (ADR 0016). The
 * token is the credential (no session), as with a presigned S3 URL; it travels in the query, which the logs
 * redact. The body streams to storage.
 */
export async function registerSignedUploadRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.put<{ Querystring: { token?: string } }>(SIGNED_UPLOAD_PATH, async (request, reply) => {
      const grant = deps.uploadUrls.verify(
        String(request.query.token ?? ''),
        Math.floor(deps.clock.now().getTime() / 1000),
      );
      if (!grant) throw refused(403, 'The upload link is not valid or has expired.', 'UPLOAD_URL_INVALID');
      if (request.headers['content-type'] !== grant.contentType)
        throw refused(415, `The upload must be sent as ${grant.contentType}.`, 'UNSUPPORTED_MEDIA_TYPE');
      const declared = Number(request.headers['content-length']);
      if (!Number.isInteger(declared) || declared <= 0)
        throw refused(411, 'The upload needs its Content-Length.', 'LENGTH_REQUIRED');
      if (declared > grant.maxBytes) throw tooLarge();
      const body = checkedBody(request.body as AsyncIterable<Buffer>, declared, grant.acceptedTypes);
      await deps.storage.put(grant.storageKey, {
        body: Readable.from(body),
        sizeBytes: declared,
        contentType: grant.contentType,
      });
      return reply.code(204).send();
    });
  });
}

const wrongType = () => refused(422, 'File type not supported', 'INVALID_FILE_TYPE');

const tooLarge = () => refused(413, 'The file is too large.', 'PAYLOAD_TOO_LARGE');

/** The body as it streams, refused once it passes its declared length or its first bytes are of another type. */
async function* checkedBody(source: AsyncIterable<Buffer>, declared: number, acceptedTypes: string[]) {
  let head = Buffer.alloc(0);
  let seen = 0;
  let decided = false;
  const decide = async () => {
    decided = true;
    if (!acceptedTypes.includes((await sniffFileType(head)) ?? '')) throw wrongType();
  };
  for await (const chunk of source) {
    seen += chunk.length;
    if (seen > declared) throw tooLarge();
    if (decided) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length >= 4100) {
      await decide();
      yield head;
    }
  }
  if (!decided) {
    await decide();
    yield head;
  }
}
