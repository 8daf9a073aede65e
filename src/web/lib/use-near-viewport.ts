import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether the element is on screen or within `marginPx` of it (once true, stays true): a long list renders what the
 * visitor can see, and the rest as it scrolls near (issue 29). Checked before the first paint too, so an element
 * already on screen is never painted as its placeholder. Where the browser has no IntersectionObserver (jsdom in
 * tests), everything counts as near.
 */
export function useNearViewport<T extends Element>(marginPx = 200): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < window.innerHeight + marginPx && bottom > -marginPx) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: `${marginPx}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, marginPx]);
  return [ref, near];
}
