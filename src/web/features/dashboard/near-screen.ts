import { useLayoutEffect, useRef, useState } from 'react';

/** The element's nearest ancestor that scrolls vertically (the shell's <main>), or null for the viewport. */
function scrollingAncestor(element: Element): Element | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/** How far below what the visitor sees an element counts as near: half a screen's height. */
const LEAD_SCREENS = 0.5;

/**
 * Whether the element is within half a screen's height of what the visitor sees, or the visitor has pressed a key
 * (once true, stays true), checked before the first paint and then as they scroll (ADR 0140). On a phone the dashboard's list starts 1.9 screens
 * down (1,582 of 823 px), within 0.6 screen of the figures' end. The observer's root is the area that scrolls: with the
 * viewport as root, the shell's <main> would clip the element until it is actually on screen, whatever the margin.
 * Where the browser has no IntersectionObserver (jsdom in tests), everything counts as near.
 */
export function useNearScreen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const lead = Math.round(window.innerHeight * LEAD_SCREENS);
    if (element.getBoundingClientRect().top < window.innerHeight + lead) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root: scrollingAncestor(element), rootMargin: `${lead}px 0px` },
    );
    observer.observe(element);
    // Whoever moves by keyboard (Tab towards it, find in page) needs the element in the page before it is seen.
    const onKey = () => setNear(true);
    window.addEventListener('keydown', onKey, { once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKey);
    };
  }, [near]);
  return [ref, near];
}
