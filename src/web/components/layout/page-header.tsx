import { Box } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

interface PageHeaderProps {
  /** Breadcrumb trail ending with the current page. */
  trail: readonly string[];
  heading: ReactNode;
}

/**
 * The header's look: one class and plain elements styled by their part (a Chakra stack, breadcrumb root, list, item,
 * current link and heading were six components of every screen's first commit, ADR 0136). The same look as Chakra's
 * breadcrumb of size sm (variant plain) over a heading of size 2xl.
 */
const HEADER_STYLES = {
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  mb: '6',
  '& ol': {
    display: 'flex',
    alignItems: 'center',
    wordBreak: 'break-word',
    color: 'fg.muted',
    listStyle: 'none',
    gap: '1',
    textStyle: 'xs',
  },
  '& li': { display: 'inline-flex', alignItems: 'center' },
  '& [aria-current=page]': { color: 'fg' },
  '& [data-part=separator]': {
    color: 'fg.muted',
    opacity: '0.8',
    '& svg': { boxSize: '1em' },
    _rtl: { rotate: '180deg' },
  },
  '& h1': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: '2xl' },
} as const;

/** The breadcrumb's separator: Chakra's chevron. */
const Separator = () => (
  <li data-part="separator" aria-hidden>
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="m9 18 6-6-6-6" />
    </svg>
  </li>
);

/** Breadcrumb and heading at the top of a screen inside the shell. */
export function PageHeader({ trail, heading }: PageHeaderProps) {
  return (
    <Box css={HEADER_STYLES} data-testid="page-header">
      <nav aria-label="breadcrumb">
        <ol>
          {trail.map((crumb, index) =>
            index === trail.length - 1 ? (
              <li key={crumb}>
                <span role="link" aria-current="page">
                  {crumb}
                </span>
              </li>
            ) : (
              <Fragment key={crumb}>
                <li>{crumb}</li>
                <Separator />
              </Fragment>
            ),
          )}
        </ol>
      </nav>
      <h1>{heading}</h1>
    </Box>
  );
}
