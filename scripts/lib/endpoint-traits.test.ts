import {
  declaredInvalidations,
  endpointTraitsModule,
  fileReadOperationIds,
  readByPostOperationIds,
  type ServiceDocument,
} from './endpoint-traits';

const documents: ServiceDocument[] = [
  {
    paths: {
      '/login': { post: { operationId: 'userLogin', 'x-public': true } },
      '/profile': {
        get: { operationId: 'getProfile', tags: ['User'] },
        put: { operationId: 'updateProfile', requestBody: { content: { 'multipart/form-data': {} } } },
      },
    },
  },
  {
    paths: {
      '/kpi': { post: { operationId: 'getKpi', 'x-read-by-post': true, tags: ['Project', 'User'] } },
      '/odd': { get: { operationId: 'listOdd', 'x-read-by-post': true } },
      '/save': { post: { operationId: 'saveThing', requestBody: { content: { 'application/json': {} } } } },
    },
  },
];

describe('endpoint traits', () => {
  it('lists the reads that answer a file (not JSON), GET or read by POST; never a write or an unsafe GET', () => {
    const file = { '200': { content: { 'text/csv': {}, 'application/json': {} } } };
    const json = { '200': { content: { 'application/problem+json': {}, 'application/json': {} } } };
    const document: ServiceDocument = {
      paths: {
        '/export': { post: { operationId: 'exportThing', 'x-read-by-post': true, responses: file } },
        '/pdf': { get: { operationId: 'getPdf', responses: { '200': { content: { 'application/pdf': {} } } } } },
        '/list': { get: { operationId: 'listThings', responses: json } },
        '/upload': { post: { operationId: 'uploadThing', responses: file } },
        '/resend': { get: { operationId: 'resendThing', 'x-unsafe-get': true, responses: file } },
        '/fails': { get: { operationId: 'getError', responses: { '404': { content: { 'text/plain': {} } } } } },
      },
    };
    expect(fileReadOperationIds(document)).toEqual(['exportThing', 'getPdf']);
  });

  it('reads the reads made by POST from x-read-by-post, on POST operations only', () => {
    expect(readByPostOperationIds(documents[1]!)).toEqual(['getKpi']);
  });

  it('lists the public, multipart and read-by-POST operations of all documents, sorted', () => {
    const module = endpointTraitsModule(documents, '// banner\n');
    expect(module.startsWith('// banner\n')).toBe(true);
    expect(module).toContain("PUBLIC_ENDPOINTS: ReadonlySet<string> = new Set([\n  'userLogin',\n]);");
    expect(module).toContain("MULTIPART_ENDPOINTS: ReadonlySet<string> = new Set([\n  'updateProfile',\n]);");
    expect(module).toContain("READ_BY_POST_ENDPOINTS: ReadonlySet<string> = new Set([\n  'getKpi',\n]);");
  });

  it('lists the cache tags of every operation once, sorted', () => {
    const module = endpointTraitsModule(documents, '// banner\n');
    expect(module).toContain("ALL_TAG_TYPES: readonly string[] = [\n  'Project',\n  'User',\n];");
  });
});

describe('declared invalidations (x-invalidates, ADR 0065)', () => {
  const withWrite = (write: Record<string, unknown>): ServiceDocument => ({
    paths: { '/thing': { put: { operationId: 'saveThing', tags: ['User'], ...write } } },
  });

  it("adds the declared tags to the write's own, once each", () => {
    const document = withWrite({ 'x-invalidates': ['Project', 'User'] });
    expect(declaredInvalidations(document, [document, ...documents])).toEqual([
      { operationId: 'saveThing', invalidatesTags: ['User', 'Project'], unsafeGet: false },
    ]);
    expect(declaredInvalidations(documents[0]!, documents)).toEqual([]);
  });

  it('refuses a tag that no operation of any document carries', () => {
    const document = withWrite({ 'x-invalidates': ['Projects'] });
    expect(() => declaredInvalidations(document, [document])).toThrow(
      'saveThing: x-invalidates names tags no operation has: Projects',
    );
  });

  it('refuses a declaration on a read', () => {
    const read: ServiceDocument = {
      paths: {
        '/kpi': { post: { operationId: 'getKpi', tags: ['User'], 'x-read-by-post': true, 'x-invalidates': ['User'] } },
      },
    };
    expect(() => declaredInvalidations(read, [read])).toThrow('getKpi: x-invalidates is for writes');
  });

  it('takes a GET that changes data (x-unsafe-get) as a write, generated as a mutation; refuses a plain GET', () => {
    const unsafe: ServiceDocument = {
      paths: {
        '/refresh': {
          get: { operationId: 'refreshThing', tags: ['User'], 'x-unsafe-get': true, 'x-invalidates': ['Project'] },
        },
      },
    };
    expect(declaredInvalidations(unsafe, [unsafe, ...documents])).toEqual([
      { operationId: 'refreshThing', invalidatesTags: ['User', 'Project'], unsafeGet: true },
    ]);
    const plain: ServiceDocument = {
      paths: { '/thing': { get: { operationId: 'getThing', tags: ['User'], 'x-invalidates': ['Project'] } } },
    };
    expect(() => declaredInvalidations(plain, [plain, ...documents])).toThrow('getThing: x-invalidates is for writes');
  });
});
