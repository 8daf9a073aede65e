import { createAppStore } from './store';
import { signedInState } from '../testing/factories';
import { installFetchStub } from '../testing/fetch-stub';
import { participantServiceApi } from '../api/generated/participant-service';
import { projectServiceApi } from '../api/generated/project-service';
import { userServiceApi } from '../api/generated/user-service';

// Issue 26 finding 5 (ADR 0091): every write the console makes carries a new Idempotency-Key; reads carry none.
const ROLE = 'POST /api/user-service/v1/role';
const KPI = 'POST /api/project-service/v1/project/dashboard/kpi';
const ROLES = 'GET /api/user-service/v1/role';
const REFRESH = 'GET /api/participant-service/v1/accesscode/refresh/5';

const role = { roleId: 9, tenantId: 2, name: 'Reviewer', description: null, isActive: true };

it('sends a fresh Idempotency-Key with every mutation and none with queries, reads by POST or unsafe GETs', async () => {
  const stub = installFetchStub({
    [ROLE]: { status: 201, body: role },
    [KPI]: { body: {} },
    [ROLES]: { body: [] },
    [REFRESH]: { body: {} },
  });
  const { store } = createAppStore(signedInState());
  const create = () =>
    store.dispatch(userServiceApi.endpoints.createRole.initiate({ body: { tenantId: 2, name: 'Reviewer' } }));
  await create();
  await create();
  await store.dispatch(projectServiceApi.endpoints.getDashboardKpi.initiate({ tenantId: 2 }));
  await store.dispatch(userServiceApi.endpoints.listRoles.initiate());
  // An unsafe GET (ADR 0088) is generated as a mutation, but a GET takes no key in the contract.
  await store.dispatch(participantServiceApi.endpoints.refreshAccessCode.initiate({ participantId: 5 }));

  const keys = stub.callsTo(ROLE).map((request) => request.headers.get('Idempotency-Key'));
  expect(keys).toHaveLength(2);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[0]).not.toBe(keys[1]);
  // The other headers are still there.
  expect(stub.callsTo(ROLE)[0]!.headers.get('operatingTenant')).toBe('2');
  expect(stub.callsTo(KPI)).toHaveLength(1);
  expect(stub.callsTo(KPI)[0]!.headers.has('Idempotency-Key')).toBe(false);
  expect(stub.callsTo(ROLES)).toHaveLength(1);
  expect(stub.callsTo(ROLES)[0]!.headers.has('Idempotency-Key')).toBe(false);
  expect(stub.callsTo(REFRESH)).toHaveLength(1);
  expect(stub.callsTo(REFRESH)[0]!.headers.has('Idempotency-Key')).toBe(false);
});
