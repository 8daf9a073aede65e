import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../../lib/next-task';

/**
 * Whether the frame's main pane may hold its screen: at once when the frame is mounted open (a gate whose session is
 * already open, the build's render of the open shell, ADR 0177), else, when the session opens (`open` turning true),
 * only a task after the commit that opened the frame, in a transition (ADR 0193). The open frame (top bar, sidebar)
 * and the screen's first render were one render and one commit, in the task after the session's answer (about 200 ms
 * on a simulated phone); now they are two, the pane keeping its spinner in between as while the session opened.
 */
export function useScreenAfterFrame(open: boolean): boolean {
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
