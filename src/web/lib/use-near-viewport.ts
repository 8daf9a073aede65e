import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The element's nearest ancestor that scrolls vertically (the shell's <main>), or null for the viewport. */
function scrollingAncestor(element: Element): Element | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

export interface NearViewportOptions {
  /**
   * Observe within the element's scrolling ancestor, with the margin above and below it (ADR 0140). With the viewport
   * as root, the shell's <main> clips the element until it is actually on screen, whatever the margin.
   */
  inScrollingArea?: boolean;
  /** A key pressed anywhere also counts as near: Tab and find in page must reach what is not yet seen (ADR 0140). */
  orKeyPressed?: boolean;
  /**
   * Measure the element before the first paint (the default), so that one already on screen is never painted as its
   * placeholder. That measure forces the page's style and layout inside the commit that mounts it; a caller whose
   * placeholder is painted first anyway leaves it to the observer's first report, after the paint (ADR 0151).
   */
  beforePaint?: boolean;
}

const marginOf = (marginPx: number | (() => number)) => (typeof marginPx === 'function' ? marginPx() : marginPx);

/** Observes the element until it comes near; returns how to stop. */
function observeNear(
  element: Element,
  marginPx: number,
  { inScrollingArea, orKeyPressed }: NearViewportOptions,
  onNear: () => void,
): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onNear();
    },
    inScrollingArea
      ? { root: scrollingAncestor(element), rootMargin: `${marginPx}px 0px` }
      : { rootMargin: `${marginPx}px` },
  );
  observer.observe(element);
  if (orKeyPressed) window.addEventListener('keydown', onNear, { once: true });
  return () => {
    observer.disconnect();
    window.removeEventListener('keydown', onNear);
  };
}

/**
 * Whether the element is on screen or within `marginPx` of it (once true, stays true): a long list renders what the
 * visitor can see, and the rest as it scrolls near (issue 29). Checked before the first paint too unless `beforePaint`
 * is false. Where the browser has no IntersectionObserver (jsdom in tests), everything counts as near. A margin that
 * depends on the window is given as a function, read when the element is observed, so that the render itself leaves
 * the window alone and can run on the server (ADR 0177).
 */
export function useNearViewport<T extends Element>(
  marginPx: number | (() => number) = 200,
  { inScrollingArea = false, orKeyPressed = false, beforePaint = true }: NearViewportOptions = {},
): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const element = ref.current;
    if (!beforePaint || near || !element) return;
    const margin = marginOf(marginPx);
    const { top, bottom } = element.getBoundingClientRect();
    if (top < window.innerHeight + margin && bottom > -margin) {
      setNear(true);
      return;
    }
    return observeNear(element, margin, { inScrollingArea, orKeyPressed }, () => setNear(true));
  }, [beforePaint, near, marginPx, inScrollingArea, orKeyPressed]);
  useEffect(() => {
    const element = ref.current;
    if (beforePaint || near || !element) return;
    return observeNear(element, marginOf(marginPx), { inScrollingArea, orKeyPressed }, () => setNear(true));
  }, [beforePaint, near, marginPx, inScrollingArea, orKeyPressed]);
  return [ref, near];
}
