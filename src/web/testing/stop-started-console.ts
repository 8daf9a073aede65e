import { act } from '@testing-library/react';
import type { StartedConsole } from '../app/start-console';

/** Ends a console a test started with `startConsole`: its persisted state written and paused, its root unmounted. */
export async function stopStartedConsole(started: StartedConsole): Promise<void> {
  // The flush dispatches to the store, which the console's components read: inside act, as any update in a test.
  await act(async () => {
    await started.persistor.flush();
    started.persistor.pause();
  });
  act(() => started.root.unmount());
}
