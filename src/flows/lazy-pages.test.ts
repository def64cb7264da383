// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Component, createElement, Suspense, type ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPages, PageLoadError, preloadPages } from './lazy-pages';

const Page = () => createElement('h1', null, 'The page');
const Other = () => createElement('h1', null, 'Another page');

afterEach(cleanup);

class Caught extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return createElement('p', null, error instanceof PageLoadError ? `load failed: ${error.message}` : 'other error');
  }
}

/** The pages under a frame like the layout's: a Suspense boundary inside an error boundary. */
function renderAt(pages: RouteObject[], at: string) {
  const frame = createElement(Caught, null, createElement(Suspense, { fallback: 'loading' }, createElement(Outlet)));
  const router = createMemoryRouter([{ element: frame, children: pages }], { initialEntries: [at] });
  render(createElement(RouterProvider, { router }));
}

describe('lazyPages', () => {
  it('makes one route per page under the path, the empty key being the index, each loading its page on first use', async () => {
    const loadPage = vi.fn(() => Promise.resolve(Page));
    const loadOther = vi.fn(() => Promise.resolve(Other));
    const routes = lazyPages('payments', { '': loadPage, ':paymentId': loadOther });
    const [route] = routes;
    expect(route?.path).toBe('payments');
    const [index, detail] = route?.children ?? [];
    expect(index).toMatchObject({ index: true });
    expect(detail).toMatchObject({ path: ':paymentId' });
    expect(loadPage).not.toHaveBeenCalled();

    renderAt(routes, '/payments/p-1');
    expect(await screen.findByRole('heading', { name: 'Another page' })).toBeTruthy();
    expect(loadOther).toHaveBeenCalledOnce();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('loads a page before it is shown: nothing is left to load afterwards, and the page renders without suspending', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const routes = lazyPages('consents', { '': load });
    const pending = preloadPages(routes, '/consents');
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(preloadPages(routes, '/consents')).toBeUndefined();
    expect(preloadPages(routes, '/elsewhere')).toBeUndefined();

    renderAt(routes, '/consents');
    // Already loaded: in the first render, no fallback in between.
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it('lets a page that failed to load say so: the preload settles, and the page throws a PageLoadError', async () => {
    const routes = lazyPages('inspector', {
      '': () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
    });
    await expect(preloadPages(routes, '/inspector')).resolves.toBeUndefined();
    expect(preloadPages(routes, '/inspector')).toBeUndefined();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(routes, '/inspector');
    expect(await screen.findByText('load failed: Failed to fetch dynamically imported module')).toBeTruthy();
  });
});
