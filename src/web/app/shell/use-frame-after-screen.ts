import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../../lib/next-task';

/**
 * Whether the frame's open parts (the top bar's menus, the sidebar's entries) may show: at once when the frame is
 * mounted open (a gate whose session is already open, the build's render of the open shell, ADR 0177), else, when the
 * session opens (`open` turning true), only a task after the commit that put the screen in the pane, in a transition
 * (ADR 0197). The screen holds what the visitor came for (the dashboard's heading is its largest paint); the frame's
 * open parts were rendered and committed before it (ADR 0193) and delayed it by their render on a simulated phone.
 */
export function useFrameAfterScreen(open: boolean): boolean {
  const [shown, setShown] = useState(open);
  useEffect(() => {
    if (!open || shown) return;
    let live = true;
    void nextTask().then(() => {
      if (live) startTransition(() => setShown(true));
    });
    return () => {
      live = false;
    };
  }, [open, shown]);
  return open && shown;
}
