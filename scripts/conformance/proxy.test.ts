import { createHash, randomBytes } from 'node:crypto';
import { startProxy, type RunningProxy } from './proxy';
import { startToyService, toyOperations, TOY_FILE, type ToyFaults, type ToyService } from './testing/toy-service';

let toy: ToyService;
let proxy: RunningProxy;
const admin = { authorization: 'Bearer access:admin@toy.test', 'id-token': 'id:admin@toy.test', operatingtenant: '1' };

async function start(faults: ToyFaults = {}) {
  toy = await startToyService(faults);
  proxy = await startProxy({ operations: toyOperations(), upstream: toy.url, port: 0 });
}
afterEach(async () => {
  await proxy.close();
  await toy.close();
});

const found = () =>
  proxy
    .report()
    .operations.flatMap((op) => op.violations.map((v) => `${op.operationId} ${v.check}: ${v.examples[0]?.message}`));

test('binary downloads and multipart uploads pass through byte for byte', async () => {
  await start();
  const download = await fetch(`${proxy.url}/api/toy/files/7`, { headers: admin });
  expect(download.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  expect(Buffer.from(await download.arrayBuffer()).equals(TOY_FILE)).toBe(true);

  const wav = randomBytes(300_000);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'call.wav');
  const upload = await fetch(`${proxy.url}/api/toy/upload`, { method: 'POST', headers: admin, body: form });
  expect(await upload.json()).toEqual({ sha256: createHash('sha256').update(wav).digest('hex'), bytes: wav.length });
  expect(found()).toEqual([]);
});

test('a compressed answer is passed on compressed and checked decompressed', async () => {
  await start({ extraField: true });
  const answer = await fetch(`${proxy.url}/api/toy/items`, { headers: { ...admin, 'x-toy-gzip': '1' } });
  expect(answer.headers.get('content-encoding')).toBe('gzip');
  expect(await answer.json()).toHaveLength(2);
  expect(found()).toEqual([
    'listToyItems response_schema_conformance: 200 body: /0 must NOT have additional properties (internalNote); /1 must NOT have additional properties (internalNote)',
  ]);
});

test('an event stream streams on; its status and media type are checked', async () => {
  await start();
  const answer = await fetch(`${proxy.url}/api/toy/events`, { headers: admin });
  expect(await answer.text()).toBe('data: one\n\ndata: two\n\n');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(proxy.report().operations.find((op) => op.operationId === 'streamToyEvents')!.statuses).toEqual({ 200: 1 });
  expect(found()).toEqual([]);
});

test('what the client sends is checked too, and a request the contract would refuse but the service accepts', async () => {
  await start({ ignoreAuth: true });
  await fetch(`${proxy.url}/api/toy/items?limit=0`, { headers: admin });
  await fetch(`${proxy.url}/api/toy/items/1`, {
    headers: { authorization: admin.authorization, operatingtenant: '1' },
  });
  expect(found()).toEqual([
    'listToyItems request_conformance: query: /limit must be >= 1',
    'getToyItem partial_credentials: accepted with bearerAuth; the contract requires bearerAuth + idToken',
  ]);
});

test('paths no operation documents are listed, not judged; the report names its failing request as curl', async () => {
  await start({ listFails: true });
  await fetch(`${proxy.url}/api/toy/unknown`, { headers: admin });
  await fetch(`${proxy.url}/api/toy/items`, { headers: admin });
  const report = await proxy.close();
  expect(report.unmatched).toEqual([{ method: 'GET', path: '/api/toy/unknown', status: 404, count: 1 }]);
  const violation = report.operations.find((op) => op.operationId === 'listToyItems')!.violations[0]!;
  expect(violation.check).toBe('not_a_server_error');
  expect(violation.examples[0]!.curl).toBe(
    `curl -sS -X GET '${toy.url}/api/toy/items' -H "authorization: Bearer $AUTHORIZATION" -H "id-token: $ID_TOKEN" -H 'operatingtenant: 1'`,
  );
  proxy = await startProxy({ operations: toyOperations(), upstream: toy.url, port: 0 });
});
