import { Portal, Select, chakra, createListCollection, useSlotRecipe } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
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
  /**
   * Shows the closed select as plain elements until its trigger is first used, then mounts Chakra's select and
   * opens it as a click on its trigger would, focus included (ADR 0124): mounting its state machine was part of a long task on a first screen (the project list).
   */
  mountOnFirstUse?: boolean;
}

const ROOT_WIDTH = { base: 'full', sm: '56' } as const;

/** A multi-select of attribute options; the numeric ids stay hidden (docs/product/project-list.md#filters). */
export function MultiSelectFilter({ mountOnFirstUse = false, ...props }: MultiSelectFilterProps) {
  const [used, setUsed] = useState(!mountOnFirstUse);
  if (!used) return <ClosedMultiSelect {...props} onFirstUse={() => setUsed(true)} />;
  return <LiveMultiSelect {...props} openOnMount={mountOnFirstUse} />;
}

type LiveProps = Omit<MultiSelectFilterProps, 'mountOnFirstUse'> & { openOnMount: boolean };

function LiveMultiSelect({ label, placeholder, options, value, onChange, testId, openOnMount }: LiveProps) {
  const collection = useMemo(
    () => createListCollection({ items: options.map((o) => ({ label: o.label, value: String(o.id) })) }),
    [options],
  );
  const trigger = useRef<HTMLButtonElement>(null);
  // The first use of the plain trigger it replaced: the select's own click opens it and moves focus as it does.
  useEffect(() => {
    if (!openOnMount) return;
    trigger.current?.focus();
    trigger.current?.click();
    // Only when it mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Select.Root
      multiple
      collection={collection}
      value={value.map(String)}
      onValueChange={(details) => onChange(details.value.map(Number))}
      size="sm"
      width={ROOT_WIDTH}
      data-testid={testId}
      positioning={{ sameWidth: true }}
    >
      <Select.HiddenSelect />
      <Select.Label>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger ref={trigger} data-testid={`${testId}-trigger`}>
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

type ClosedProps = Omit<MultiSelectFilterProps, 'mountOnFirstUse'> & { onFirstUse: () => void };

/**
 * The closed select as Chakra's select renders it (the select recipe's parts, their data attributes and roles),
 * without its state machine: the same look and size, so the swap moves nothing. What it shows is what the select's
 * value text shows: the chosen options' labels joined by ", ", or the placeholder.
 */
function ClosedMultiSelect({ label, placeholder, options, value, testId, onFirstUse }: ClosedProps) {
  const id = `select:${useId()}`;
  const styles = useSlotRecipe({ key: 'select' })({ size: 'sm' });
  const chosen = options.filter((option) => value.includes(option.id)).map((option) => option.label);
  const parts = (part: string) => ({ 'data-scope': 'select', 'data-part': part, dir: 'ltr' as const });
  return (
    <chakra.div
      {...parts('root')}
      id={id}
      data-testid={testId}
      className="chakra-select__root"
      css={styles.root}
      width={ROOT_WIDTH}
    >
      <chakra.label
        {...parts('label')}
        id={`${id}:label`}
        htmlFor={`${id}:trigger`}
        className="chakra-select__label"
        css={styles.label}
      >
        {label}
      </chakra.label>
      <chakra.div
        {...parts('control')}
        id={`${id}:control`}
        data-state="closed"
        className="chakra-select__control"
        css={styles.control}
      >
        <chakra.button
          {...parts('trigger')}
          id={`${id}:trigger`}
          type="button"
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          data-state="closed"
          aria-labelledby={`${id}:label`}
          data-placeholder-shown={chosen.length === 0 ? '' : undefined}
          data-testid={`${testId}-trigger`}
          className="chakra-select__trigger"
          css={styles.trigger}
          onClick={onFirstUse}
          onKeyDown={(event) => {
            // Chakra's trigger opens on the arrows too.
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            event.preventDefault();
            onFirstUse();
          }}
        >
          <chakra.span {...parts('value-text')} className="chakra-select__valueText" css={styles.valueText}>
            {chosen.length > 0 ? chosen.join(', ') : placeholder}
          </chakra.span>
        </chakra.button>
        <chakra.div className="chakra-select__indicatorGroup" css={styles.indicatorGroup}>
          <chakra.div
            {...parts('indicator')}
            aria-hidden="true"
            data-state="closed"
            className="chakra-select__indicator"
            css={styles.indicator}
          >
            <chakra.svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="m6 9 6 6 6-6" />
            </chakra.svg>
          </chakra.div>
        </chakra.div>
      </chakra.div>
    </chakra.div>
  );
}
