/**
 * Product names in one place (spec README: names come from one branding config). The server hands them to the
 * console in the client configuration; the console's first paint, rendered at build time, shows the same.
 */
export const BRANDING = {
  productName: 'Voxscreen',
  providerName: 'Voxscreen',
  adminRoleName: 'Voxscreen Admin',
} as const;
