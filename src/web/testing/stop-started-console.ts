import { act } from '@testing-library/react';
import type { StartedConsole } from '../app/start-console';

/** Ends a console a test started with `startConsole`: its persisted state written and paused, its root unmounted. */
export async function stopStartedConsole(started: StartedConsole): Promise<void> {
  await started.persistor.flush();
  started.persistor.pause();
  act(() => started.root.unmount());
}
