/** Product names in one place (spec README: names come from one branding config). */
export const BRANDING = {
  productName: 'Voxscreen',
  providerName: 'Voxscreen',
  adminRoleName: 'Voxscreen Admin',
} as const;
