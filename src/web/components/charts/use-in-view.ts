import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come near the viewport (once true, stays true). Charts below the fold are drawn only
 * when scrolled to, so a cold dashboard does not lay out eight SVG charts in its first long task. Where the
 * browser has no IntersectionObserver (jsdom in tests), everything counts as in view.
 */
export function useInView<T extends Element>(rootMargin = '200px'): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, rootMargin]);
  return [ref, inView];
}
