import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

export interface LegendEntry {
  key: string;
  label: string;
  colour: string;
}

/**
 * The legend's look: one class on the list and plain elements inside (as the stage tracker, ADR 0082). A hidden
 * entry is dimmed as ApexCharts dimmed its own (opacity 0.45).
 */
const LEGEND_STYLES = {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  columnGap: '3',
  rowGap: '1',
  listStyleType: 'none',
  pt: '2',
  flexShrink: '0',
  fontSize: 'sm',
  '& [data-part=entry]': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '1',
    rounded: 'l1',
    color: 'fg',
  },
  '& button[data-part=entry]': { cursor: 'pointer' },
  '& button[data-part=entry]:focus-visible': { outline: '2px solid', outlineColor: 'fg', outlineOffset: '1px' },
  '& [data-part=entry][aria-pressed=false]': { opacity: 0.45 },
  '& [data-part=swatch]': { boxSize: '3', rounded: 'full', flexShrink: '0' },
} as const;

interface ChartLegendProps {
  entries: readonly LegendEntry[];
  /** The keys of the entries taken out of the chart. */
  hidden: ReadonlySet<string>;
  /** Takes an entry out of the chart or puts it back; without it the entries are plain labels. */
  onToggle?: (key: string) => void;
}

/**
 * A chart's legend as HTML beside the chart instead of ApexCharts' own: Apex measures each legend label in the page
 * while it draws, a large part of a doughnut's draw on a phone (ADR 0113). Each entry is a toggle button that takes
 * its series out of the chart and puts it back, as Apex's legend did, and unlike Apex's it has a name.
 */
export function ChartLegend({ entries, hidden, onToggle }: ChartLegendProps) {
  const { t } = useLingui();
  return (
    <Box as="ul" css={LEGEND_STYLES} aria-label={t`Chart legend`} data-testid="chart-legend">
      {entries.map((entry) => {
        const content = (
          <>
            <span data-part="swatch" style={{ background: entry.colour }} aria-hidden />
            <span>{entry.label}</span>
          </>
        );
        return (
          <li key={entry.key}>
            {onToggle ? (
              <button
                type="button"
                data-part="entry"
                aria-pressed={!hidden.has(entry.key)}
                onClick={() => onToggle(entry.key)}
              >
                {content}
              </button>
            ) : (
              <span data-part="entry">{content}</span>
            )}
          </li>
        );
      })}
    </Box>
  );
}
