import { createTestApp, type TestApp } from '../../testing/test-app';

// Finding 10 of issue 11: token and userInfo answers lacked Cache-Control: no-store.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the token answer and the user info are never stored by a cache', async () => {
  const login = await t.api.call('userLogin', { body: { email: 'admin@acme.test', password: 'Voxscreen!2026' } });
  expect(login.status).toBe(200);
  expect(login.headers['cache-control']).toBe('no-store');
  const info = await t.api.call('getUserInfo', { token: await t.signIn('admin@acme.test') });
  expect(info.status).toBe(200);
  expect(info.headers['cache-control']).toBe('no-store');
});
