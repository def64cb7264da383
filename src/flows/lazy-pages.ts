// Route tables of pages that load on demand: under one path, each page's module is fetched on its first visit.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** Loads a page's module and gives its component. */
export type PageLoader = () => Promise<ComponentType>;

/** One route per page under `path`, keyed by the page's relative path; the key '' is the index page. */
export function lazyPages(path: string, pages: Record<string, PageLoader>): RouteObject[] {
  const children = Object.entries(pages).map(([child, load]): RouteObject => {
    const lazy = async () => ({ Component: await load() });
    return child === '' ? { index: true, lazy } : { path: child, lazy };
  });
  return [{ path, children }];
}
