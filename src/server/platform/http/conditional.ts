import type { FastifyReply, FastifyRequest } from 'fastify';

/** Thrown by a handler whose answer the client already holds (its If-None-Match names the current ETag). */
export class NotModified extends Error {
  constructor() {
    super('Not modified');
    this.name = 'NotModified';
  }
}

const entityTags = new WeakMap<FastifyRequest, string>();

/** Whether an If-None-Match header names the tag (a list, `*`, weak or strong forms alike: weak comparison). */
export const ifNoneMatchIncludes = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
};

/** Records the answer's ETag and says whether the client already holds that answer. */
export function revalidate(request: FastifyRequest, etag: string): boolean {
  entityTags.set(request, etag);
  return ifNoneMatchIncludes(request.headers['if-none-match'], etag);
}

/**
 * Headers of an answer with an ETag: the browser may keep it but must ask again each time (If-None-Match), and
 * the answer depends on the operating tenant and the language headers besides the URL.
 */
export function applyEntityTag(request: FastifyRequest, reply: FastifyReply): void {
  const etag = entityTags.get(request);
  if (!etag) return;
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'operatingTenant, langId, Authorization, Accept-Encoding');
}
