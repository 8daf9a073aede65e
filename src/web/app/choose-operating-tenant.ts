import { invalidateAllTags } from '../api/all-tag-types';
import { userServiceApi } from '../api/generated/user-service';
import { projectFiltersCleared } from '../state/project-filters-slice';
import type { AppDispatch, RootState } from '../state/root-reducer';
import { tenantChosen, type OperatingTenant } from '../state/tenancy-slice';

/**
 * Makes a tenant the operating tenant. The first choice of a session refetches the user info, which was
 * loaded before any tenant was chosen (its operatingTenant and tenantLogo depend on it). Moving from one
 * tenant to another refetches everything and clears the saved project filters (000 §4). Returns whether the
 * user moved from one tenant to another.
 */
export const chooseOperatingTenant =
  (tenant: OperatingTenant) =>
  (dispatch: AppDispatch, getState: () => RootState): boolean => {
    const previous = getState().tenancy.operatingTenant;
    if (previous?.tenantId === tenant.tenantId) {
      dispatch(tenantChosen(tenant));
      return false;
    }
    dispatch(tenantChosen(tenant));
    if (previous === null) {
      dispatch(userServiceApi.util.invalidateTags(['User']));
      return false;
    }
    dispatch(projectFiltersCleared());
    dispatch(invalidateAllTags());
    return true;
  };
