import { useAppSelector } from './hooks';
import type { OperatingTenant } from './tenancy-slice';

/** The tenant the user works in (id and name), or null before one is chosen. */
export const useOperatingTenant = (): OperatingTenant | null =>
  useAppSelector((state) => state.tenancy.operatingTenant);

/**
 * The operating tenant's id: the one way the console reads it (undefined before one is chosen). Every request
 * carries it in the operatingTenant header; pass it where the contract also asks for the tenant as a parameter.
 */
export const useOperatingTenantId = (): number | undefined =>
  useAppSelector((state) => state.tenancy.operatingTenant?.tenantId);
