import { createTestApp, type TestApp } from '../../testing/test-app';
import { findNul } from '../openapi/input-rules';
import { jsonShapeProblem, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE, TOO_MANY_VALUES_MESSAGE } from './json-shape';

const nestedArrays = (depth: number, inner = '0') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('the shape of a JSON value', () => {
  test('within the limits: no problem', () => {
    expect(jsonShapeProblem({ a: [1, { b: 'x' }], c: null })).toBeNull();
    expect(jsonShapeProblem(JSON.parse(nestedArrays(MAX_JSON_DEPTH - 1)))).toBeNull();
  });

  test('one level too deep: the field where it happens', () => {
    const problem = jsonShapeProblem({ email: JSON.parse(nestedArrays(MAX_JSON_DEPTH)) });
    expect(problem?.message).toBe(TOO_DEEP_MESSAGE);
    expect(problem?.field).toBe(['email', ...Array<string>(MAX_JSON_DEPTH - 1).fill('0')].join('.'));
  });

  test('100,000 levels are walked without overflowing the stack', () => {
    const deep: unknown = JSON.parse(nestedArrays(100_000));
    expect(jsonShapeProblem(deep)?.message).toBe(TOO_DEEP_MESSAGE);
    // The NUL check keeps its own stack too (it used to recurse).
    expect(findNul(deep)).toBeNull();
    expect(findNul({ a: [[[[['x\u0000']]]]] })).toBe('a.0.0.0.0.0');
  });

  test('too many values', () => {
    expect(jsonShapeProblem({ list: [1, 2, 3, 4] }, { maxDepth: 10, maxValues: 4 })).toEqual({
      field: 'list.2',
      message: TOO_MANY_VALUES_MESSAGE,
    });
  });
});

// Issue 26 finding 4: a body nested 5,000 deep overflowed the stack in findNul, unauthenticated too (500).
describe('deep bodies on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test.each([
    ['arrays in a field', `{"email":${nestedArrays(5000)},"password":"x"}`, 'email'],
    ['objects in a field', `{"email":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)},"password":"x"}`, 'email'],
    ['an array as the body', nestedArrays(5000), '0'],
  ])('userLogin with %s: 400 naming the field, before any other check', async (_what, payload, first) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authz-service/userLogin',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; errors: { field: string; message: string }[] }>();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.message).toBe(TOO_DEEP_MESSAGE);
    expect(body.errors[0]!.field.split('.')[0]).toBe(first);
  });

  test('a signed-in write with a deep body is refused alike', async () => {
    const admin = await t.signIn('admin@acme.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/v1/role',
      headers: {
        authorization: `Bearer ${admin.accessToken}`,
        'id-token': admin.idToken,
        operatingTenant: String(await t.tenantId('Acme Insurance')),
        'content-type': 'application/json',
      },
      payload: `{"name":${nestedArrays(5000, '"x"')}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { field: string }[] }>().errors[0]!.field).toMatch(/^name\.0/);
  });
});
