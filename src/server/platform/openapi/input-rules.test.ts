import type { InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { parseInt32Text } from './input-rules';

// Findings 6 of issue 11: 141 answers of 500 on input the database refuses, in five classes.
let t: TestApp;
let admin: SignedIn;
let acme: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@acme.test');
  acme = await t.tenantId('Acme Insurance');
});
afterAll(() => t.close());

const auth = (token: SignedIn) => ({ authorization: `Bearer ${token.accessToken}`, 'id-token': token.idToken });

async function send(options: InjectOptions) {
  const response = await t.app.inject(options);
  return { status: response.statusCode, body: response.json() as { code?: string; errors?: { field: string }[] } };
}

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

test('the one integer reading: decimal digits within int32, nothing else', () => {
  expect(['1', '-5', '2147483647'].map(parseInt32Text)).toEqual([1, -5, 2147483647]);
  for (const text of ['1.0', '+2', '2e0', '0x2', ' 2', '', '2147483648', '12345678901234567890', '١'])
    expect(parseInt32Text(text)).toBeNull();
});

test('a NUL character in a JSON body, a query or a path is a 400 naming the field', async () => {
  const signIn = await send({
    method: 'POST',
    url: '/api/authz-service/userLogin',
    payload: { email: 'admin@acme.test\u0000', password: DEMO_PASSWORD },
  });
  expect(signIn).toEqual({ status: 400, body: expect.objectContaining({ code: 'BAD_REQUEST' }) });
  expect(fields(signIn.body)).toEqual(['email']);

  const search = await send({
    method: 'GET',
    url: '/api/user-service/v1/tenant/list?search=a%00b',
    headers: { ...auth(admin), operatingTenant: String(acme) },
  });
  expect(search.status).toBe(400);
  expect(fields(search.body)).toEqual(['query.search']);
});

test('integers beyond int32 in the path, the body or a header are a 400, not a 500', async () => {
  const headers = { ...auth(admin), operatingTenant: String(acme) };
  const path = await send({ method: 'GET', url: '/api/user-service/v1/user/2147483648', headers });
  expect(path.status).toBe(400);
  expect(fields(path.body)).toEqual(['path.id']);

  const langId = await send({
    method: 'GET',
    url: '/api/user-service/v1/tenant/list',
    headers: { ...headers, langId: '12345678901234567890' },
  });
  expect(langId.status).toBe(400);
  expect(fields(langId.body)).toEqual(['header.langId']);
});

test.each(['1.0', '+2', '2e0', '0x2', '99999999999'])(
  'operatingTenant %s is a 400 from both the access hook and validation',
  async (value) => {
    const answer = await send({
      method: 'GET',
      url: '/api/user-service/v1/tenant/list',
      headers: { ...auth(admin), operatingTenant: value },
    });
    expect(answer.status).toBe(400);
    expect(fields(answer.body)).toEqual(['header.operatingTenant']);
  },
);

test('a multipart body without a boundary, or with its boundary cut off, is a 400', async () => {
  const headers = { ...auth(admin), operatingTenant: String(acme) };
  const noBoundary = await send({
    method: 'POST',
    url: '/api/user-service/v1/user',
    headers: { ...headers, 'content-type': 'multipart/form-data' },
    payload: 'tenantId=1',
  });
  expect(noBoundary.status).toBe(400);
  const truncated = await send({
    method: 'POST',
    url: '/api/user-service/v1/user',
    headers: { ...headers, 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload: '--XyZ\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAna\r\n--Xy',
  });
  expect(truncated.status).toBe(400);
  const nul = await send({
    method: 'POST',
    url: '/api/user-service/v1/user',
    headers: { ...headers, 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload: '--XyZ\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nA\u0000na\r\n--XyZ--\r\n',
  });
  expect(nul.status).toBe(400);
  expect(fields(nul.body)).toEqual(['firstName']);
  const huge = await send({
    method: 'POST',
    url: '/api/user-service/v1/user',
    headers: { ...headers, 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload:
      ['tenantId', 'firstName', 'lastName', 'email', 'title', 'roleId', 'isActive']
        .map(
          (name) =>
            `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${{ tenantId: acme, roleId: '99999999999', isActive: 'true', email: 'big@acme.test' }[name] ?? 'Ana'}\r\n`,
        )
        .join('') + '--XyZ--\r\n',
  });
  expect(huge.status).toBe(400);
  expect(fields(huge.body)).toContain('roleId');
});
