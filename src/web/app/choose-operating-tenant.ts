import { baseApi } from '../api/base-api';
import type { AppDispatch, AppState } from '../state/hooks';
import { tenantChosen, tenantSwitched, type OperatingTenant } from '../state/tenancy-slice';

/**
 * Makes a tenant the operating tenant. Whenever the tenant changes (the session's first choice included), the
 * API state is reset: the cache then only ever holds answers fetched for the current operating tenant, and the
 * session gate loads the session's answers again (the user info carries the operating tenant and its logo).
 * Moving from one tenant to another also clears the saved project filters (docs/product/shell-and-session.md#operating-tenant, through `tenantSwitched`).
 * Returns whether the user moved from one tenant to another.
 */
export const chooseOperatingTenant =
  (tenant: OperatingTenant) =>
  (dispatch: AppDispatch, getState: () => AppState): boolean => {
    const previous = getState().tenancy.operatingTenant;
    if (previous?.tenantId === tenant.tenantId) {
      dispatch(tenantChosen(tenant));
      return false;
    }
    dispatch(previous === null ? tenantChosen(tenant) : tenantSwitched(tenant));
    // In the same tick as the tenant change: no screen renders, and so no request starts, in between.
    dispatch(baseApi.util.resetApiState());
    return previous !== null;
  };
