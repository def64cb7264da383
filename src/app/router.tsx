// The console's router: the browser's history, and each page's module loaded before the page is shown. While a page
// loads, the page before it stays in view and the layout says the next one is loading (usePageLoading); on the first
// visit the console says it is loading until the page is in.
import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useRoutes,
  type Location,
  type NavigationType,
  type RouteObject,
} from 'react-router-dom';
import { preloadPages } from '../flows/lazy-pages';

const PageLoading = createContext(false);

/** Whether the router is loading the next page's module (the current page stays in view meanwhile). */
export function usePageLoading(): boolean {
  return useContext(PageLoading);
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

interface Shown {
  action: NavigationType;
  location: Location;
}

export function ConsoleRouter({ routes, loadingConsole }: { routes: RouteObject[]; loadingConsole: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [shown, setShown] = useState<Shown>();
  const [loading, setLoading] = useState(false);
  useLayoutEffect(() => {
    let latest = 0;
    const show = (next: Shown) => {
      const turn = ++latest;
      const pending = preloadPages(routes, next.location);
      if (!pending) {
        setShown(next);
        setLoading(false);
        return;
      }
      setLoading(true);
      void pending.then(() => {
        // A later navigation wins over one whose page came in after it.
        if (turn !== latest) return;
        setShown(next);
        setLoading(false);
      });
    };
    show({ action: history.action, location: history.location });
    return history.listen(show);
  }, [history, routes]);
  if (!shown) return loadingConsole;
  return (
    <PageLoading value={loading}>
      <Router location={shown.location} navigationType={shown.action} navigator={history}>
        <Routes routes={routes} />
      </Router>
    </PageLoading>
  );
}
