import { useCallback, useSyncExternalStore } from 'react';

/** One list per query for the page's life: React reads the answer on every render of every user of the hook. */
const lists = new Map<string, MediaQueryList>();

function listOf(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

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
      const list = listOf(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = useCallback(() => listOf(query).matches, [query]);
  return useSyncExternalStore(subscribe, read, () => false);
}
