import { userInfo } from '../testing/factories';
import {
  adminSlice,
  adminStateCleared,
  adminTabSet,
  clientAppDataSet,
  currencyOptionsSet,
  lookupDataSet,
  rolesSet,
  tenantAttributesSet,
  userInfoSet,
} from './admin-slice';
import { loggedOut } from './session-events';

const reducer = adminSlice.reducer;
const initial = reducer(undefined, { type: 'init' });
const currency = { attributeId: 9, description: 'USD', sequence: 1 };

describe('admin state (000 §3)', () => {
  it('holds what the admin screens share, each settable', () => {
    const state = [
      userInfoSet(userInfo()),
      currencyOptionsSet([currency]),
      rolesSet([{ roleId: 3, name: 'Customer Admin', description: null, tenant: 'Acme Insurance' }]),
      tenantAttributesSet({ CURRENCY: [currency] }),
      lookupDataSet({ attributeId: 4, attributeType: 'CALL_REASON_CODE' }),
      clientAppDataSet({ clientId: 'abc' }),
      adminTabSet('users'),
    ].reduce(reducer, initial);

    expect(state.userInfo?.firstName).toBe('Ada');
    expect(state.currencyOptions).toEqual([currency]);
    expect(state.roles).toHaveLength(1);
    expect(state.tenantAttributes).toEqual({ CURRENCY: [currency] });
    expect(state.lookupData).toEqual({ attributeId: 4, attributeType: 'CALL_REASON_CODE' });
    expect(state.clientAppData).toEqual({ clientId: 'abc' });
    expect(state.adminTabs).toBe('users');
  });

  it('is cleared on request and on logout', () => {
    const filled = reducer(reducer(initial, userInfoSet(userInfo())), adminTabSet('roles'));
    expect(reducer(filled, adminStateCleared())).toEqual(initial);
    expect(reducer(filled, loggedOut())).toEqual(initial);
  });
});
