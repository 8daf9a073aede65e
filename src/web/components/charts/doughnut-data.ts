import { EMPTY_SLICE_COLOUR } from './risk-classes';

export interface Slice {
  label: string;
  value: number;
  colour: string;
}

export interface DoughnutData {
  labels: string[];
  series: number[];
  colours: string[];
  /** True when every slice was zero and the single empty slice stands in for them. */
  empty: boolean;
}

/** The slices to draw; all zero (or none) gives the single `emptyLabel` slice (docs/product/dashboard.md#risk-classes). */
export function doughnutData(slices: readonly Slice[], emptyLabel: string): DoughnutData {
  if (slices.every((slice) => slice.value <= 0)) {
    return { labels: [emptyLabel], series: [1], colours: [EMPTY_SLICE_COLOUR], empty: true };
  }
  return {
    labels: slices.map((s) => s.label),
    series: slices.map((s) => Math.max(0, s.value)),
    colours: slices.map((s) => s.colour),
    empty: false,
  };
}

/** The displayed percentage: the floor of completed over total (0 when the total is 0). */
export function floorPercentage(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((completed * 100) / total);
}
