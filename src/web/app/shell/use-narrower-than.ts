import { useCallback, useSyncExternalStore } from 'react';

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** Whether the window is narrower than `widthPx`, following resizes. */
export function useNarrowerThan(widthPx: number): boolean {
  const read = useCallback(() => window.innerWidth < widthPx, [widthPx]);
  return useSyncExternalStore(subscribeToResize, read, () => false);
}
