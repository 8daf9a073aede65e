/**
 * What the console needs to know about operations beyond their endpoints, read from the bundled service documents:
 * which are public (`x-public: true`: no session headers), which send a multipart/form-data body (the base query
 * turns the plain object into FormData) and which POSTs only read (`x-read-by-post: true`: generated as cached
 * queries), and the cache tags of every operation (the tag types the generated endpoints add to the one API, so that
 * code outside a feature can invalidate them all without importing every service's endpoints, ADR 0059). Written to src/web/api/generated/endpoint-traits.ts by `npm run codegen` and drift-checked with it.
 */
interface Operation {
  operationId?: string;
  tags?: string[];
  'x-public'?: boolean;
  'x-read-by-post'?: boolean;
  'x-invalidates'?: string[];
  'x-unsafe-get'?: boolean;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> } | undefined>;
}

export interface ServiceDocument {
  paths?: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const operationsOf = (document: ServiceDocument): Array<Operation & { method: string }> =>
  Object.values(document.paths ?? {}).flatMap((pathItem) =>
    METHODS.filter((method) => pathItem[method] !== undefined).map((method) => ({
      ...(pathItem[method] as Operation),
      method,
    })),
  );

const idsWhere = (document: ServiceDocument, keep: (operation: Operation & { method: string }) => boolean): string[] =>
  operationsOf(document)
    .filter(keep)
    .map((operation) => operation.operationId)
    .filter((id): id is string => typeof id === 'string');

/** operationIds of the POST operations that only read (`x-read-by-post: true`), for the RTK Query generator. */
export const readByPostOperationIds = (document: ServiceDocument): string[] =>
  idsWhere(document, (operation) => operation.method === 'post' && operation['x-read-by-post'] === true);

/**
 * operationIds of the GETs that send a message or change data (`x-unsafe-get: true`, ADR 0088): generated as
 * mutations, so no cache, refetch or tag invalidation ever repeats them.
 */
export const unsafeGetOperationIds = (document: ServiceDocument): string[] =>
  idsWhere(document, (operation) => operation.method === 'get' && operation['x-unsafe-get'] === true);

/** Whether a success answer of the operation is a file (any media type but JSON: xlsx, CSV, PDF, zip, audio...). */
const answersFile = (operation: Operation): boolean =>
  Object.entries(operation.responses ?? {}).some(
    ([status, response]) =>
      /^2\d\d$/.test(status) &&
      Object.keys(response?.content ?? {}).some((type) => !/^application\/(.+\+)?json$/.test(type)),
  );

/**
 * operationIds of the reads (GETs and reads by POST) that answer a file. They are generated without cache tags: the
 * console saves a file answer as it arrives (file-answer.ts), so a refetch after another change (a write's tags, a
 * live update) would save the file again, with the filter of the first download.
 */
export const fileReadOperationIds = (document: ServiceDocument): string[] =>
  idsWhere(
    document,
    (operation) =>
      ((operation.method === 'get' && operation['x-unsafe-get'] !== true) ||
        (operation.method === 'post' && operation['x-read-by-post'] === true)) &&
      answersFile(operation),
  );

const setLiteral = (ids: string[]): string =>
  ids.length === 0
    ? 'new Set([])'
    : `new Set([\n${[...ids]
        .sort()
        .map((id) => `  '${id}',`)
        .join('\n')}\n])`;

/** The TypeScript module src/web/api/generated/endpoint-traits.ts for all service documents. */
export function endpointTraitsModule(documents: ServiceDocument[], banner: string): string {
  const every = (keep: (operation: Operation & { method: string }) => boolean) =>
    documents.flatMap((document) => idsWhere(document, keep));
  const publicIds = every((operation) => operation['x-public'] === true);
  const multipartIds = every((operation) => operation.requestBody?.content?.['multipart/form-data'] !== undefined);
  const readByPostIds = documents.flatMap(readByPostOperationIds);
  const tags = [...new Set(documents.flatMap((document) => operationsOf(document).flatMap((op) => op.tags ?? [])))];
  return `${banner}
/** Operations marked \`x-public: true\`: callable before sign-in, sent without the session headers. */
export const PUBLIC_ENDPOINTS: ReadonlySet<string> = ${setLiteral(publicIds)};

/** Operations whose request body is multipart/form-data: the base query sends their form object as FormData. */
export const MULTIPART_ENDPOINTS: ReadonlySet<string> = ${setLiteral(multipartIds)};

/** POST operations marked \`x-read-by-post: true\`: they only read, so they are generated as cached queries. */
export const READ_BY_POST_ENDPOINTS: ReadonlySet<string> = ${setLiteral(readByPostIds)};

/** The cache tags of every operation of every service: the tag types the generated endpoints add to the API. */
export const ALL_TAG_TYPES: readonly string[] = [
${[...tags]
  .sort()
  .map((tag) => `  '${tag}',`)
  .join('\n')}
];
`;
}

/**
 * The cache tags each write refreshes (ADR 0065): its own tags and those it declares with `x-invalidates: [Tag]`
 * (the reads of another tag whose answers the write changes). Only writes that declare some are listed; a
 * declared tag that no operation of any document carries, or a declaration on a read, is a contract error. A GET
 * that changes data (`x-unsafe-get`, ADR 0088) is a write, generated as a mutation (`unsafeGet`).
 */
export function declaredInvalidations(
  document: ServiceDocument,
  allDocuments: ServiceDocument[],
): Array<{ operationId: string; invalidatesTags: string[]; unsafeGet: boolean }> {
  const known = new Set(allDocuments.flatMap((each) => operationsOf(each).flatMap((op) => op.tags ?? [])));
  return operationsOf(document)
    .filter((operation) => operation['x-invalidates'] !== undefined)
    .map((operation) => {
      const id = operation.operationId ?? `${operation.method} operation`;
      const declared = operation['x-invalidates'] ?? [];
      const unsafeGet = operation.method === 'get' && operation['x-unsafe-get'] === true;
      if ((operation.method === 'get' && !unsafeGet) || operation['x-read-by-post'] === true)
        throw new Error(`${id}: x-invalidates is for writes; a read invalidates nothing`);
      const unknown = declared.filter((tag) => !known.has(tag));
      if (unknown.length > 0)
        throw new Error(`${id}: x-invalidates names tags no operation has: ${unknown.join(', ')}`);
      return { operationId: id, invalidatesTags: [...new Set([...(operation.tags ?? []), ...declared])], unsafeGet };
    });
}
