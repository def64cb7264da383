// Route tables of pages that load on demand: each page's module is fetched on its first visit. The console's router
// loads a page before it shows it (preloadPages), so a page never suspends there; under another router (the tests'
// memory router) the page suspends until its module is in, inside the layout's Suspense boundary.
import { createElement, lazy, type ComponentType } from 'react';
import { matchRoutes, type Location, type RouteObject } from 'react-router-dom';

/** Loads a page's module and gives its component. */
export type PageLoader = () => Promise<ComponentType>;

/** A page's module could not be loaded (a chunk that failed to download, after a deploy or with the server gone). */
export class PageLoadError extends Error {
  override name = 'PageLoadError';

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** What a lazy page's route carries in its `handle`: how to load the page before it is shown. */
interface LazyPageHandle {
  /** Starts loading the page's module; undefined once it is loaded (or has failed: the page then says so). */
  preload: () => Promise<void> | undefined;
}

/** A route's element and handle for a page whose module loads on first use. */
export function lazyPage(load: PageLoader): Pick<RouteObject, 'element' | 'handle'> {
  let Component: ComponentType | undefined;
  let failure: PageLoadError | undefined;
  let loading: Promise<ComponentType> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (Component = component),
      (error: unknown) => {
        failure = new PageLoadError(error);
        throw failure;
      },
    ));
  // Suspends until the module is in; its failure is thrown to the error boundary.
  const Suspending = lazy(async () => ({ default: await start() }));
  function LazyPage() {
    if (failure) throw failure;
    // Loaded: shown at once, without suspending.
    return createElement(Component ?? Suspending);
  }
  const handle: LazyPageHandle = {
    preload: () => (Component || failure ? undefined : start().then(() => undefined)),
  };
  return { element: createElement(LazyPage), handle };
}

/** One route per page under `path`, keyed by the page's relative path; the key '' is the index page. */
export function lazyPages(path: string, pages: Record<string, PageLoader>): RouteObject[] {
  const children = Object.entries(pages).map(([child, load]): RouteObject =>
    child === '' ? { index: true, ...lazyPage(load) } : { path: child, ...lazyPage(load) },
  );
  return [{ path, children }];
}

/**
 * Starts loading the lazy pages the location shows; resolves once they are in (a failure included: the page shows it).
 * Undefined when nothing is left to load, so the router can show the location at once.
 */
export function preloadPages(routes: RouteObject[], location: Partial<Location> | string): Promise<void> | undefined {
  const loads = (matchRoutes(routes, location) ?? []).flatMap(({ route }) => {
    const pending = (route.handle as LazyPageHandle | undefined)?.preload();
    return pending ? [pending.catch(() => undefined)] : [];
  });
  return loads.length > 0 ? Promise.all(loads).then(() => undefined) : undefined;
}
