// The width of an element, followed as it changes (a window resized, a phone turned), for drawings laid out to fit.
import { useLayoutEffect, useRef, useState } from 'react';

/** A ref to put on the element and its content width in px (`initial` until it is measured). */
export function useElementWidth<E extends HTMLElement = HTMLDivElement>(initial: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
