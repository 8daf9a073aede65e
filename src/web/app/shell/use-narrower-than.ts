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

// `not all and (min-width)`: exactly "narrower than", and older browsers than the range syntax `(width < …)` read it.
const queryOf = (widthPx: number) => `not all and (min-width: ${widthPx}px)`;

/** Whether the window is narrower than `widthPx` now (for an event handler: nothing follows it). */
export const isNarrowerThan = (widthPx: number): boolean => listOf(queryOf(widthPx)).matches;

const unfollowed = () => () => undefined;
const notNarrower = () => false;

/**
 * Whether the window is narrower than `widthPx`, following resizes. A media query, not `window.innerWidth`: reading
 * that during render made the browser lay the page out in the middle of the shell's commit (ADR 0118); the query's
 * answer needs no layout in the top frame. With `follow` false it reads nothing and answers false, as the build's
 * render does: a hydrated component whose answer differs from the build's is rendered again by React at once,
 * synchronously, with everything under it (ADR 0193); turning `follow` on reads the window in that render.
 */
export function useNarrowerThan(widthPx: number, follow = true): boolean {
  const query = queryOf(widthPx);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = useCallback(() => listOf(query).matches, [query]);
  return useSyncExternalStore(follow ? subscribe : unfollowed, follow ? read : notNarrower, notNarrower);
}
