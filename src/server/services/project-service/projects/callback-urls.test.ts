import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';

// Issue 26 finding 2: a customer admin could set a callback URL to any address inside the network. Refused at save
// time with the field named (the app runs without the tests' loopback allowance, as production does).
let t: TestApp;
let acme: number;
let admin: SignedIn;
let projectId: number;
beforeAll(async () => {
  t = await createTestApp({ config: { egressAllow: [] } });
  acme = await t.tenantId('Acme Insurance');
  admin = await t.signIn('admin@acme.test');
  projectId = await withTenant(
    t.db,
    acme,
    async (trx) => (await trx.selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  );
});
afterAll(() => t.close());

const storedClientApi = () =>
  withTenant(
    t.db,
    acme,
    async (trx) =>
      (await trx.selectFrom('projects').select('client_api').where('id', '=', projectId).executeTakeFirstOrThrow())
        .client_api,
  );

test.each([
  ['loopback with a port', 'http://127.0.0.1:8080/hook', /127\.0\.0\.1 is a loopback address/],
  ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', /linkLocal/],
  ['a private address', 'http://10.0.0.5/hook', /private/],
  ['192.168.1.1', 'https://192.168.1.1/', /private/],
  ['IPv6 loopback', 'http://[::1]:9000/', /loopback/],
  ['port 22 of 0.0.0.0', 'http://0.0.0.0:22', /unspecified/],
  ['a decimal IPv4 address', 'http://2130706433/', /loopback/],
  ['localhost', 'http://localhost/hook', /loopback/],
])('result_callback_url at %s: 422 naming the field, nothing saved', async (_what, url, reason) => {
  const before = await storedClientApi();
  const answer = await t.api.fails('updateProject', 422, {
    token: admin,
    operatingTenant: acme,
    params: { id: projectId },
    body: { name: 'Callback Harbour', clientAPIUrl1: { result_callback_url: url, additional_fields: [] } },
  });
  expect(answer.errors).toEqual([
    {
      field: 'clientAPIUrl1.result_callback_url',
      message: expect.stringMatching(/^The callback URL must reach a receiver on the internet, not inside the network/),
    },
  ]);
  expect(answer.errors![0]!.message).toMatch(reason);
  expect(await storedClientApi()).toEqual(before);
});

test('creating a project with an internal participant callback is refused alike; a public one is saved', async () => {
  const refused = await t.api.fails('createProject', 422, {
    token: admin,
    operatingTenant: acme,
    body: {
      name: 'Inside Job',
      clientAPIUrl1: { participant_callback_url: 'http://172.16.0.9/p', additional_fields: [] },
    },
  });
  expect(refused.errors?.map((e) => e.field)).toEqual(['clientAPIUrl1.participant_callback_url']);
  await t.api.ok('updateProject', {
    token: admin,
    operatingTenant: acme,
    params: { id: projectId },
    body: {
      name: 'Callback Harbour',
      clientAPIUrl1: { result_callback_url: 'https://93.184.216.34/hooks', additional_fields: [] },
    },
  });
  expect(await storedClientApi()).toMatchObject({ result_callback_url: 'https://93.184.216.34/hooks' });
});
