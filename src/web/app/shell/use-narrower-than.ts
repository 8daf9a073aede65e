import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window is narrower than `widthPx`, following resizes. A media query, not `window.innerWidth`: reading
 * that during render made the browser lay the page out in the middle of the shell's commit (ADR 0118); the query's
 * answer needs no layout in the top frame.
 */
export function useNarrowerThan(widthPx: number): boolean {
  // `not all and (min-width)`: exactly "narrower than", and older browsers than the range syntax `(width < …)` read it.
  const query = `not all and (min-width: ${widthPx}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(subscribe, read, () => false);
}
