import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Blocks in-app navigation away from a form with unsaved changes (the caller shows UnsavedChangesModal
 * while the blocker is `blocked`) and asks the browser to confirm reloads and tab closes.
 */
export function useUnsavedChangesGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const confirmUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium still needs returnValue set to show the dialog.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', confirmUnload);
    return () => window.removeEventListener('beforeunload', confirmUnload);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.reset();
  }, [blocker, dirty]);

  return blocker;
}
