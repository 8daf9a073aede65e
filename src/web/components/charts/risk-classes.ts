/** Risk classes of the charts (docs/product/dashboard.md#risk-classes) and their colours (docs/product/dashboard.md#risk-classes). */
export type RiskClass = 'hr' | 'pr' | 'ar' | 'lr' | 'nc';

export const RISK_CLASSES: readonly RiskClass[] = ['hr', 'pr', 'ar', 'lr', 'nc'];

/** High risk red, potential yellow, average light green, low dark green, non-compliant grey. */
export const RISK_COLOURS: Readonly<Record<RiskClass, string>> = {
  hr: '#E53E3E',
  pr: '#ECC94B',
  ar: '#9AE6B4',
  lr: '#276749',
  nc: '#A0AEC0',
};

/** The single slice of a doughnut whose data are all zero. */
export const EMPTY_SLICE_COLOUR = '#E2E8F0';
