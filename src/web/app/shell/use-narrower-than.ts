import { useCallback, useSyncExternalStore } from 'react';

const lists = new Map<string, MediaQueryList>();
const listOf = (query: string) => {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
};

/**
 * Whether the window is narrower than `widthPx`, following resizes. A media query answers it: reading `innerWidth`
 * makes the browser lay the page out there and then, and React reads the value again right after committing a
 * screen, so the dashboard's first load laid out its whole new page inside that task (126 ms at 4× CPU).
 */
export function useNarrowerThan(widthPx: number): boolean {
  // Fractional widths exist (zoom): 0.02 px below the threshold is "narrower than", as Chakra's breakpoints write it.
  const query = `(max-width: ${widthPx - 0.02}px)`;
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
