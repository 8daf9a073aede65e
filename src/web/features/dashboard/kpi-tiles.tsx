import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { DashboardKpi } from '../../api/generated/project-service';
import { formatWholeNumber } from '../../i18n/plain-format';

interface Tile {
  key: string;
  label: string;
  value: (kpi: DashboardKpi) => string;
}

/** Calls of the current order not yet completed (never below zero). */
export const callsRemaining = (kpi: DashboardKpi): number =>
  Math.max(0, kpi.total_number_of_calls - kpi.total_completed_interview);

/** Height of a tile's value line (fontSize 2xl's line height): the placeholder takes exactly the same. */
export const KPI_VALUE_HEIGHT = '2rem';

/**
 * The tiles' look, for all five at once: one class on the row and plain elements inside, styled by their part (a
 * Chakra card, text and skeleton per tile made the row a large part of the dashboard's first commit, ADR 0113).
 * The same look as Chakra's small outline card: border, panel background, radius l3, padding 4.
 */
const TILES_STYLES = {
  display: 'grid',
  gap: '4',
  gridTemplateColumns: {
    base: 'repeat(1, minmax(0, 1fr))',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(5, minmax(0, 1fr))',
  },
  '& > [data-part=tile]': {
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    minWidth: '0',
    wordWrap: 'break-word',
    p: '4',
    rounded: 'l3',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    color: 'fg',
  },
  '& [data-part=label]': { textStyle: 'sm', color: 'fg.muted' },
  '& [data-part=value]': { fontSize: '2xl', lineHeight: KPI_VALUE_HEIGHT, fontWeight: 'semibold' },
  '& [data-part=pending]': {
    h: KPI_VALUE_HEIGHT,
    w: '12',
    flexShrink: '0',
    rounded: 'l2',
    bg: 'bg.emphasized',
    animation: 'pulse',
    animationDuration: '1.2s',
  },
} as const;

/**
 * The five KPI tiles of the dashboard (docs/product/dashboard.md#kpi-tiles). Without figures yet (kpi undefined),
 * the same tiles with their labels and a placeholder of the value's height, so nothing moves when they arrive.
 */
export function KpiTiles({ kpi }: { kpi: DashboardKpi | undefined }) {
  const { t, i18n } = useLingui();
  // Not i18n.number: the tiles would build the load's first Intl object (ADR 0198).
  const n = (value: number) => formatWholeNumber(value, i18n.locale);
  const tiles: Tile[] = [
    { key: 'active-projects', label: t`Active Projects`, value: (k) => n(k.active_project_count) },
    { key: 'completed-projects', label: t`Completed Projects`, value: (k) => n(k.completed_project_count) },
    {
      key: 'lifetime-calls',
      label: t`Lifetime Calls Completed`,
      value: (k) => n(k.total_life_time_completed_interview),
    },
    { key: 'order-calls', label: t`Current Order Calls Completed`, value: (k) => n(k.total_completed_interview) },
    {
      key: 'calls-remaining',
      label: t`Calls Remaining`,
      value: (k) => `${n(callsRemaining(k))}/${n(k.total_number_of_calls)}`,
    },
  ];
  return (
    <Box css={TILES_STYLES} data-testid="kpi-tiles" aria-busy={!kpi}>
      {tiles.map((tile) => (
        <div key={tile.key} data-part="tile" data-testid={`kpi-${tile.key}`}>
          <p data-part="label">{tile.label}</p>
          {kpi ? (
            <p data-part="value" data-testid={`kpi-${tile.key}-value`}>
              {tile.value(kpi)}
            </p>
          ) : (
            <div data-part="pending" data-testid={`kpi-${tile.key}-pending`} />
          )}
        </div>
      ))}
    </Box>
  );
}
