import { ExchangeValidator, type ResponseSeen } from './exchange-validator';
import { toyOperations } from './testing/toy-service';

const operations = toyOperations();
const op = (id: string) => operations.find((o) => o.operationId === id)!;
const json = (status: number, body: unknown, headers: Record<string, string> = {}): ResponseSeen => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: Buffer.from(JSON.stringify(body)),
});
const checks = (validator: ExchangeValidator, id: string, response: ResponseSeen) =>
  validator.checkResponse(op(id), response).map((f) => `${f.check}: ${f.message}`);

test('a documented answer with its header conforms; a missing required header or a wrong type does not', () => {
  const v = new ExchangeValidator();
  expect(checks(v, 'getToyItem', json(200, { id: 1, name: 'a' }, { 'x-item-version': '3' }))).toEqual([]);
  expect(checks(v, 'getToyItem', json(200, { id: 1, name: 'a' }))).toEqual([
    'response_headers_conformance: required header x-item-version is missing',
  ]);
  expect(checks(v, 'getToyItem', json(200, { id: 1, name: 'a' }, { 'x-item-version': 'three' }))).toEqual([
    'response_headers_conformance: header x-item-version: "three" (root) must be integer',
  ]);
});

test('one violation per fault: an undocumented status, a server error, an undocumented media type', () => {
  const v = new ExchangeValidator();
  expect(checks(v, 'getToyItem', json(418, { message: 'teapot' }))).toEqual([
    'status_code_conformance: answered 418, which is not documented (documented: 200, 400, 401, 403, 404, 413, 415)',
  ]);
  expect(checks(v, 'getToyItem', json(503, { message: 'down' }))).toEqual([
    'not_a_server_error: answered 503: {"message":"down"}',
  ]);
  expect(
    checks(v, 'downloadToyFile', {
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: Buffer.from('<html>'),
    }),
  ).toEqual([
    'content_type_conformance: media type text/html is not documented for 200 (documented: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)',
  ]);
});

test('bodies: missing, mistyped and unknown fields, and a body that is not JSON', () => {
  const v = new ExchangeValidator();
  expect(checks(v, 'getToyItem', json(404, { message: 'gone', extra: 1 }))).toEqual([
    'response_schema_conformance: 404 body: (root) must NOT have additional properties (extra)',
  ]);
  expect(checks(v, 'listToyItems', json(200, [{ id: 'one' }]))).toEqual([
    "response_schema_conformance: 200 body: /0 must have required property 'name'; /0/id must be integer",
  ]);
  expect(
    checks(v, 'listToyItems', { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{') }),
  ).toEqual(['response_schema_conformance: the body is not JSON: {']);
});
