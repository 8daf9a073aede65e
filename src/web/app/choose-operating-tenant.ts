import { invalidateAllTags } from '../api/all-tag-types';
import { projectFiltersCleared } from '../state/project-filters-slice';
import type { AppDispatch, RootState } from '../state/root-reducer';
import { tenantChosen, type OperatingTenant } from '../state/tenancy-slice';

/**
 * Makes a tenant the operating tenant and refetches what was loaded without it or for another tenant.
 * Moving from one tenant to another also clears the saved project filters (000 §4). Returns whether the user
 * moved from one tenant to another.
 */
export const chooseOperatingTenant =
  (tenant: OperatingTenant) =>
  (dispatch: AppDispatch, getState: () => RootState): boolean => {
    const previous = getState().tenancy.operatingTenant;
    dispatch(tenantChosen(tenant));
    if (previous?.tenantId === tenant.tenantId) return false;
    dispatch(invalidateAllTags());
    if (previous === null) return false;
    dispatch(projectFiltersCleared());
    return true;
  };
