// Whether an element has come near the viewport, so that code for what sits far down a page (a flow diagram below the
// panels) loads as the user scrolls towards it rather than with the page.
import { useEffect, useRef, useState } from 'react';

/**
 * A ref to put on the element, and whether it has come within `margin` (a CSS length or a percentage of the viewport's
 * height) below the viewport. Once true it stays true. True from the start where the browser cannot tell. While
 * `watching` is false (the content above it still loading, so the element sits higher than it will) nothing is decided.
 */
export function useNearView<E extends Element = HTMLDivElement>({ margin = '100%', watching = true } = {}) {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !watching || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, watching, margin]);
  return { ref, near };
}
