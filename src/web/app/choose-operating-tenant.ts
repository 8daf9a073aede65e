import { baseApi } from '../api/base-api';
import { userServiceApi, type UserInfo } from '../api/generated/user-service';
import type { AppDispatch, AppState } from '../state/hooks';
import { tenantChosen, tenantSwitched, type OperatingTenant } from '../state/tenancy-slice';

/**
 * Whether the user info answers for the operating tenant: fetched with it, or without any operating tenant while
 * the user's home tenant is the one chosen (the role is then the home membership's either way).
 */
export const userInfoFitsTenant = (info: UserInfo, tenantId: number): boolean =>
  info.operatingTenant === tenantId || (info.operatingTenant === null && info.tenant.tenantId === tenantId);

const selectUserInfo = userServiceApi.endpoints.getUserInfo.select();

/**
 * Makes a tenant the operating tenant. Whenever the tenant changes (the session's first choice included, unless
 * it is the tenant the user info was fetched for: the home tenant, whose membership's role it already carries), the
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
    const info = selectUserInfo(getState() as unknown as Parameters<typeof selectUserInfo>[0]).data;
    if (previous === null && info && userInfoFitsTenant(info, tenant.tenantId)) {
      // The session's first choice, of the tenant the session's answers were fetched for (ADR 0025): they stay,
      // so signing in does not fetch the authorizer, user info and tenants twice.
      dispatch(tenantChosen(tenant));
      return false;
    }
    dispatch(previous === null ? tenantChosen(tenant) : tenantSwitched(tenant));
    // In the same tick as the tenant change: no screen renders, and so no request starts, in between.
    dispatch(baseApi.util.resetApiState());
    return previous !== null;
  };
