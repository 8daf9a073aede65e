import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '../../lib/when-idle';

/**
 * Its children, rendered only once the page around them has painted and the browser is idle, in a transition (ADR
 * 0136): the dashboard's first commit no longer holds the project list below its figures, so the screen's top paints
 * in a shorter task and the list renders in slices after it. Nothing before it moves: it is the page's last part,
 * and until then an empty block of the screen's height keeps the scrolling area as tall as with the list (a scroll
 * bar appearing with the list would narrow, and so move, everything above it).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setShown(true)), 500), []);
  return shown ? children : <div aria-hidden data-testid="after-first-paint" style={{ minHeight: '100vh' }} />;
}
