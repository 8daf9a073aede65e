import { everyTagApi } from '../api/all-tag-types';
import type { TenantEventsOptions } from '../api/tenant-events';
import { loggedOut } from '../state/session-events';
import { tenantChosen } from '../state/tenancy-slice';
import { ACME, GLOBEX, signedInState } from '../testing/factories';
import { createAppStore } from './store';

it('keeps one stream open for the session in its operating tenant, and maps its events to tag refetches', async () => {
  const opened: TenantEventsOptions[] = [];
  const closed: number[] = [];
  const followEvents = (options: TenantEventsOptions) => {
    opened.push(options);
    return () => closed.push(options.tenantId);
  };
  const { match } = everyTagApi.util.invalidateTags;
  // The spy keeps the action creator's matcher, which RTK Query's middleware calls on every action.
  const invalidate = Object.assign(jest.spyOn(everyTagApi.util, 'invalidateTags'), { match });
  const { store } = createAppStore(signedInState(ACME), { liveUpdates: true, followEvents });
  await new Promise((resolve) => setTimeout(resolve, 0)); // redux-persist's first actions
  expect(opened.map((o) => o.tenantId)).toEqual([ACME.tenantId]);
  expect(opened[0]).toMatchObject({ accessToken: expect.any(String), idToken: expect.any(String) });

  opened[0]!.onChange(['Result', 'Dashboard']);
  expect(invalidate).toHaveBeenLastCalledWith(['Result', 'Dashboard']);
  opened[0]!.onResync();
  expect(invalidate.mock.lastCall?.[0]).toEqual(expect.arrayContaining(['Result', 'CallReport', 'Dashboard']));

  store.dispatch(tenantChosen({ tenantId: GLOBEX.tenantId, tenantName: GLOBEX.tenantName }));
  expect(closed).toEqual([ACME.tenantId]);
  expect(opened.map((o) => o.tenantId)).toEqual([ACME.tenantId, GLOBEX.tenantId]);

  store.dispatch(loggedOut());
  expect(closed).toEqual([ACME.tenantId, GLOBEX.tenantId]);
  expect(opened).toHaveLength(2);
});
