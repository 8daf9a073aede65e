import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: SignedIn;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  [admin] = await t.signInAs('admin@acme.test');
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${admin.accessToken}`, 'id-token': admin.idToken, operatingTenant: String(acme) },
  });

describe("the spec's paths as written, trailing slashes included (ADR 0020)", () => {
  test.each([
    '/api/user-service/v1/role/',
    `/api/user-service/v1/tenant/${acme}/`,
    '/api/user-service/v1/user/permissionsNew/?projectId=1',
  ])('%s answers like the path without the slash', async (url) => {
    const withSlash = await get(url.replace(String(undefined), String(acme)));
    expect(withSlash.statusCode).not.toBe(404);
  });

  test('role/ lists the roles and tenant/ reaches createTenant (refused for a customer, not unknown)', async () => {
    const roles = await get('/api/user-service/v1/role/');
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toEqual((await get('/api/user-service/v1/role')).json());
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/v1/tenant/',
      headers: {
        authorization: `Bearer ${admin.accessToken}`,
        'id-token': admin.idToken,
        operatingTenant: String(acme),
      },
    });
    expect(created.statusCode).toBe(403);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/user-service/v1/user/',
      headers: {
        authorization: `Bearer ${admin.accessToken}`,
        'id-token': admin.idToken,
        operatingTenant: String(acme),
      },
    });
    expect(user.statusCode).not.toBe(404);
  });
});
