import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A chart card's look: one class and plain elements (a Chakra card, header, body and heading per card were part of
 * the dashboard's first commit, ADR 0113). The same look as Chakra's outline card of size md with a heading of size md.
 */
const CARD_STYLES = {
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  minWidth: '0',
  wordWrap: 'break-word',
  p: '6',
  rounded: 'l3',
  bg: 'bg.panel',
  borderWidth: '1px',
  borderColor: 'border',
  color: 'fg',
  '& > h2': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'md' },
} as const;

/** A dashboard card: a heading over one chart. */
export function ChartCard({ testId, title, children }: { testId: string; title: ReactNode; children: ReactNode }) {
  return (
    <Box css={CARD_STYLES} data-testid={testId}>
      <h2>{title}</h2>
      <div>{children}</div>
    </Box>
  );
}
