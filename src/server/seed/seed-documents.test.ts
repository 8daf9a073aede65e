import { join } from 'node:path';
import { LocalFileStorage } from '../platform/storage/local-file-storage';
import type { SignedIn } from '../testing/api-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDocuments } from './seed-documents';

let t: TestApp;
let admin: SignedIn;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  [admin] = await t.signInAs('admin@acme.test');
});
afterAll(() => t.close());

test('the demo documents are stored through the upload function, once, and downloadable', async () => {
  const storage = new LocalFileStorage(join(t.dataDir, 'files'));
  await seedDocuments(t.db, { tenantId: acme, storage, now: t.clock.now() });
  await seedDocuments(t.db, { tenantId: acme, storage, now: t.clock.now() });
  const listed = await t.api.ok('listTenantDocuments', {
    token: admin,
    operatingTenant: acme,
    body: { page: 0, pageSize: 10, sortBy: 'documentName', sortOrder: 'asc' },
  });
  expect(listed.documents.map((d) => [d.documentName, d.documentType, d.comment])).toEqual([
    ['Interview Guide.json', 'json', 'Call script outline'],
    ['Screening Policy.pdf', 'pdf', 'Current screening policy for all projects'],
  ]);
  expect(listed.documents.every((d) => d.uploadedBy)).toBe(true);
  const pdf = listed.documents[1]!;
  const download = await t.app.inject({
    method: 'GET',
    url: `/api/user-service/v1/docs/${pdf.documentId}`,
    headers: { authorization: `Bearer ${admin.accessToken}`, 'id-token': admin.idToken, operatingTenant: String(acme) },
  });
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
