import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { readAllOperations } from '../../src/server/platform/openapi/contract';
import { ROUTER_OPTIONS, routeUrl } from '../../src/server/platform/openapi/register-operations';
import {
  extractSpecCalls,
  findSpecFolder,
  normalisePath,
  readSpecDocuments,
  SPEC_CALLS_FILE,
  specCallsFile,
  type SpecCallsFile,
} from './spec-calls';

const root = resolve(import.meta.dirname, '../..');
const checkedIn = JSON.parse(readFileSync(join(root, SPEC_CALLS_FILE), 'utf8')) as SpecCallsFile;
const operations = readAllOperations();

describe('reading calls from the spec text', () => {
  const read = (text: string) => extractSpecCalls([{ id: '009', text: `## 7. The calls it makes\n${text}` }]);
  const pairs = (text: string) => read(text).calls.map((c) => `${c.method} ${c.path}`);

  test('a method and a service path, its query and the sentence punctuation left out', () => {
    expect(pairs('- GET user-service/v1/tenant/list?pageNumber=1&pageSize=1000; answer: tenantList.')).toEqual([
      'GET /user-service/v1/tenant/list',
    ]);
    expect(read('- POST user-service/v1/user/logout.').calls[0]).toMatchObject({ source: '009 §7' });
  });

  test('several methods on one path, and relative continuations appended or replacing from their segment', () => {
    expect(pairs('PUT and DELETE project-service/v1/result-config/{id}.')).toEqual([
      'PUT /project-service/v1/result-config/{id}',
      'DELETE /project-service/v1/result-config/{id}',
    ]);
    expect(pairs('| GET participant-service/v1/participants/{id}; /trail; /trail/backenddata | none |')).toEqual([
      'GET /participant-service/v1/participants/{id}',
      'GET /participant-service/v1/participants/{id}/trail',
      'GET /participant-service/v1/participants/{id}/trail/backenddata',
    ]);
    expect(pairs('| POST participant-service/v1/bulk/verify and /bulk/invite | allRecords |')).toEqual([
      'POST /participant-service/v1/bulk/verify',
      'POST /participant-service/v1/bulk/invite',
    ]);
  });

  test('a mention no rule reads is reported, never dropped; a repeated call is listed once with its sources', () => {
    expect(read('the file is then sent with POST somewhere else').unread).toEqual(['009 §7: POST somewhere else']);
    const twice = read(
      '- GET user-service/v1/app/version.\n## 8. Errors\n## 9. More\n- GET user-service/v1/app/version/',
    );
    expect(twice.calls).toEqual([expect.objectContaining({ source: '009 §7', alsoIn: ['009 §9'] })]);
  });

  test('paths compare without trailing or doubled slashes and whatever the parameter names', () => {
    expect(normalisePath('/project-service/v1/project//isw/uploadxlsx')).toBe(
      '/project-service/v1/project/isw/uploadxlsx',
    );
    expect(normalisePath('/user-service/v1/role/')).toBe('/user-service/v1/role');
    expect(normalisePath('/a/{accessCode-or-id}')).toBe(normalisePath('/a/{accessCodeOrId}'));
  });
});

const specFolder = findSpecFolder(root, existsSync);
(specFolder ? describe : describe.skip)(`the checked-in ${SPEC_CALLS_FILE} against the spec folder`, () => {
  test('every method mention is read, every reading still matches, and the list is current', () => {
    const documents = readSpecDocuments(specFolder!);
    const extraction = extractSpecCalls(documents);
    expect(extraction.unread).toEqual([]);
    expect(extraction.staleReadings).toEqual([]);
    expect(checkedIn).toEqual(specCallsFile(documents, extraction.calls));
  });
});

describe('the contract serves every call the spec names at its method and path', () => {
  test('the list is not empty (a broken extraction must not pass vacuously)', () => {
    expect(checkedIn.count).toBe(checkedIn.calls.length);
    expect(checkedIn.calls.length).toBeGreaterThan(120);
  });

  test('each call has an operation at the same method and path', () => {
    const served = new Map(operations.map((op) => [`${op.method.toUpperCase()} ${normalisePath(op.path)}`, op]));
    const elsewhere = checkedIn.calls
      .filter((call) => !served.has(`${call.method} ${normalisePath(call.path)}`))
      .map((call) => {
        const last = call.path.replace(/\/$/, '').split('/').pop();
        const near = operations
          .filter((op) => op.path.endsWith(`/${last}`))
          .map((op) => `${op.method.toUpperCase()} ${op.path}`);
        return `${call.method} ${call.path} (${call.source}) is served at: ${near.join(', ') || 'nowhere'}`;
      });
    expect(elsewhere).toEqual([]);
  });

  test("the router answers each call at the spec's own spelling (slashes as written, parameters filled)", async () => {
    const app = Fastify({ routerOptions: ROUTER_OPTIONS });
    for (const op of operations)
      app.route({ method: op.method.toUpperCase() as 'GET', url: routeUrl(op), handler: async () => op.operationId });
    const missed: string[] = [];
    for (const call of checkedIn.calls) {
      const url = `/api${call.path.replace(/\{[^}]+\}/g, '7')}`;
      const answer = await app.inject({ method: call.method, url });
      if (answer.statusCode !== 200) missed.push(`${call.method} ${url}: ${answer.statusCode}`);
    }
    await app.close();
    expect(missed).toEqual([]);
  });
});
