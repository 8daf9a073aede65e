import { Card, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { DashboardKpi } from '../../api/generated/project-service';

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
 * The five KPI tiles of the dashboard (docs/product/dashboard.md#kpi-tiles). Without figures yet (kpi undefined),
 * the same tiles with their labels and a placeholder of the value's height, so nothing moves when they arrive.
 */
export function KpiTiles({ kpi }: { kpi: DashboardKpi | undefined }) {
  const { t, i18n } = useLingui();
  const n = (value: number) => i18n.number(value);
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
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4" data-testid="kpi-tiles" aria-busy={!kpi}>
      {tiles.map((tile) => (
        <Card.Root key={tile.key} size="sm" data-testid={`kpi-${tile.key}`}>
          <Card.Body gap="1">
            <Text fontSize="sm" color="fg.muted">
              {tile.label}
            </Text>
            {kpi ? (
              <Text
                fontSize="2xl"
                lineHeight={KPI_VALUE_HEIGHT}
                fontWeight="semibold"
                data-testid={`kpi-${tile.key}-value`}
              >
                {tile.value(kpi)}
              </Text>
            ) : (
              <Skeleton h={KPI_VALUE_HEIGHT} w="12" data-testid={`kpi-${tile.key}-pending`} />
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
