/** The stage tracker's height: its 1.25rem circles, a 0.25rem gap and one truncated xs line of names. */
const STAGE_TRACKER_HEIGHT = '2.5rem';

const PULSE = { bg: 'bg.emphasized', animation: 'pulse', animationDuration: '1.2s', rounded: 'l2', flexShrink: '0' };

/**
 * The look of a list of project cards, for every card at once: one class on the list and plain elements inside it,
 * styled by their part (a Chakra card, header, body, heading, link, badge and texts per card made the cards the
 * largest part of the dashboard's commits on a phone, ADR 0118). The same look as Chakra's outline card of size md
 * (border, panel background, radius l3, padding 6), a heading of size md, a brand link and a small subtle badge.
 */
export const CARD_LIST_STYLES = {
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: 'repeat(1, minmax(0, 1fr))', xl: 'repeat(2, minmax(0, 1fr))' },
  '&[data-dimmed]': { opacity: 0.6 },
  // A card's place until it comes near the screen: about a card's height, with the card's border and background.
  '& > [data-part=card-placeholder]': { minH: '28rem', borderWidth: '1px', borderRadius: 'l3', bg: 'bg.panel' },
  '& > [data-part=card]': {
    display: 'flex',
    flexDirection: 'column',
    position: 'relative',
    overflow: 'hidden',
    minWidth: '0',
    wordWrap: 'break-word',
    borderRadius: 'l3',
    color: 'fg',
    textAlign: 'start',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
  },
  // The corner triangle: green for an active project, grey otherwise.
  '& [data-part=marker]': {
    position: 'absolute',
    top: '0',
    right: '0',
    w: '0',
    h: '0',
    borderTopWidth: '36px',
    borderLeftWidth: '36px',
    borderLeftColor: 'transparent',
    borderTopColor: 'gray.400',
  },
  '& [data-part=marker][data-active=true]': { borderTopColor: 'green.500' },
  '& [data-part=header]': { display: 'flex', flexDirection: 'column', gap: '1', ps: '6', pe: '12', pt: '6' },
  '& [data-part=body]': { display: 'flex', flexDirection: 'column', flex: '1', gap: '5', p: '6' },
  '& [data-part=name]': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'md' },
  '& [data-part=name] a': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    outline: 'none',
    cursor: 'pointer',
    borderRadius: 'l1',
    color: 'brand.fg',
    focusVisibleRing: 'outside',
    '&:hover': { textDecoration: 'underline', textUnderlineOffset: '3px', textDecorationColor: 'currentColor/20' },
  },
  '& [data-part=badge]': {
    display: 'inline-flex',
    alignItems: 'center',
    alignSelf: 'flex-start',
    borderRadius: 'l2',
    gap: '1',
    fontWeight: 'medium',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    textStyle: 'xs',
    px: '1.5',
    minH: '5',
    bg: 'gray.subtle',
    color: 'gray.fg',
  },
  '& [data-part=badge][data-active=true]': { bg: 'green.subtle', color: 'green.fg' },
  '& [data-part=results]': {
    display: 'grid',
    gap: '4',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  },
  '& [data-part=result]': { display: 'flex', flexDirection: 'column', gap: '1', minW: '0' },
  '& [data-part=result-title]': { fontWeight: 'semibold', fontSize: 'sm' },
  '& [data-part=no-questions]': { color: 'fg.muted', fontSize: 'sm', py: '6' },
  // The loading card's placeholders (Chakra's pulse skeleton).
  '& [data-part=pending-name]': { ...PULSE, h: '1.75rem', w: '60%' },
  '& [data-part=pending-badge]': { ...PULSE, h: '5', w: '14' },
  '& [data-part=pending-tracker]': { ...PULSE, h: STAGE_TRACKER_HEIGHT },
  '& [data-part=pending-title]': { ...PULSE, h: '5', w: '32' },
} as const;
