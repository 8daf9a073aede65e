import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { DashboardKpi } from '../../api/generated/project-service';

interface Tile {
  key: string;
  label: string;
  value: string;
}

/** Calls of the current order not yet completed (never below zero). */
export const callsRemaining = (kpi: DashboardKpi): number =>
  Math.max(0, kpi.total_number_of_calls - kpi.total_completed_interview);

/** The five KPI tiles of the dashboard (docs/product/dashboard.md#kpi-tiles). */
export function KpiTiles({ kpi }: { kpi: DashboardKpi }) {
  const { t, i18n } = useLingui();
  const n = (value: number) => i18n.number(value);
  const tiles: Tile[] = [
    { key: 'active-projects', label: t`Active Projects`, value: n(kpi.active_project_count) },
    { key: 'completed-projects', label: t`Completed Projects`, value: n(kpi.completed_project_count) },
    { key: 'lifetime-calls', label: t`Lifetime Calls Completed`, value: n(kpi.total_life_time_completed_interview) },
    { key: 'order-calls', label: t`Current Order Calls Completed`, value: n(kpi.total_completed_interview) },
    {
      key: 'calls-remaining',
      label: t`Calls Remaining`,
      value: `${n(callsRemaining(kpi))}/${n(kpi.total_number_of_calls)}`,
    },
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
      {tiles.map((tile) => (
        <Card.Root key={tile.key} size="sm" data-testid={`kpi-${tile.key}`}>
          <Card.Body gap="1">
            <Text fontSize="sm" color="fg.muted">
              {tile.label}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold" data-testid={`kpi-${tile.key}-value`}>
              {tile.value}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
