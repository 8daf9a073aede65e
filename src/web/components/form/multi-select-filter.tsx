import { Portal, Select, createListCollection } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { StatusOption } from '../../../shared/default-status';

/** One choice of a multi-select filter: a numeric id (kept hidden) and its label. */
export type FilterOption = StatusOption;

interface MultiSelectFilterProps {
  label: string;
  placeholder: string;
  options: readonly FilterOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  testId: string;
}

/** A multi-select of attribute options; the numeric ids stay hidden (docs/product/project-list.md#filters). */
export function MultiSelectFilter({ label, placeholder, options, value, onChange, testId }: MultiSelectFilterProps) {
  const collection = useMemo(
    () => createListCollection({ items: options.map((o) => ({ label: o.label, value: String(o.id) })) }),
    [options],
  );
  return (
    <Select.Root
      multiple
      collection={collection}
      value={value.map(String)}
      onValueChange={(details) => onChange(details.value.map(Number))}
      size="sm"
      width={{ base: 'full', sm: '56' }}
      data-testid={testId}
      positioning={{ sameWidth: true }}
    >
      <Select.HiddenSelect />
      <Select.Label>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger data-testid={`${testId}-trigger`}>
          <Select.ValueText placeholder={placeholder} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content data-testid={`${testId}-options`}>
            {collection.items.map((item) => (
              <Select.Item item={item} key={item.value} data-testid={`${testId}-option-${item.value}`}>
                {item.label}
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}
