import type { TenantListItem } from '../../api/generated/user-service';

export const sortTenantsByName = (tenants: readonly TenantListItem[]): TenantListItem[] =>
  [...tenants].sort((a, b) => a.tenantName.localeCompare(b.tenantName, undefined, { sensitivity: 'base' }));
