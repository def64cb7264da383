import { useLayoutEffect } from 'react';

/**
 * Sets the document's title while the page is shown and gives the previous one back when it goes. A component rather
 * than a `<title>` element in the page: the console ships on preact/compat, which renders `<title>` where it stands
 * (in the body, hidden) instead of hoisting it into the head as React 19 does.
 */
export function DocumentTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = children;
    return () => {
      document.title = previous;
    };
  }, [children]);
  return null;
}
