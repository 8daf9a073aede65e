import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { useNearViewport } from '../../lib/use-near-viewport';

/**
 * How far below what the visitor sees the place counts as near: half a screen's height (ADR 0140), read when the place
 * is observed, not in the render, which the build runs on the server for the dashboard's styles (ADR 0177).
 */
const leadMargin = () => Math.round(window.innerHeight * 0.5);

/**
 * Its children, rendered only once the page around them has painted, their place is within half a screen of what
 * the visitor sees (the observer's first report, after the paint: ADR 0151), and the browser is idle, in a transition
 * (ADR 0136, 0140): the dashboard's first commit no longer
 * holds the project list below its figures, and on a phone, where the list starts almost two screens down, it renders
 * when the visitor scrolls towards it rather than inside the load. Nothing before it moves: it is the page's last part,
 * and until then an empty block of the screen's height keeps the scrolling area as tall as with the list (a scroll
 * bar appearing with the list would narrow, and so move, everything above it).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [place, near] = useNearViewport<HTMLDivElement>(leadMargin, {
    inScrollingArea: true,
    orKeyPressed: true,
    // The placeholder is painted first whatever the place (the children wait for an idle moment): no measure of the
    // page inside the dashboard's commit (ADR 0151).
    beforePaint: false,
  });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (near) return whenIdle(() => startTransition(() => setShown(true)), 500);
  }, [near]);
  return shown ? (
    children
  ) : (
    <div ref={place} aria-hidden data-testid="after-first-paint" style={{ minHeight: '100vh' }} />
  );
}
