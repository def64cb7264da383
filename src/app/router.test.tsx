// @vitest-environment happy-dom
// The console's router: a page's module is loaded before the page is shown, the page before it stays in view with a
// note meanwhile, and a page whose module cannot be loaded says so inside the layout.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Link, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../flows/lazy-pages';
import { PageFrame } from './page-frame';
import { ConsoleRouter } from './router';

function deferred() {
  let resolve!: (page: ComponentType) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<ComponentType>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Home = () => (
  <>
    <h1>Home</h1>
    <Link to="/next">Next</Link>
  </>
);
const Next = () => <h1>Next page</h1>;

function routesWith(loadNext: () => Promise<ComponentType>): RouteObject[] {
  return [
    {
      element: <PageFrame />,
      children: [
        { index: true, ...lazyPage(() => Promise.resolve(Home)) },
        { path: 'next', ...lazyPage(loadNext) },
      ],
    },
  ];
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

describe('ConsoleRouter', () => {
  it('says the console is loading until the first page is in, then shows it', async () => {
    render(
      <ConsoleRouter routes={routesWith(() => Promise.resolve(Next))} loadingConsole={<p>Loading the console…</p>} />,
    );
    expect(screen.getByText('Loading the console…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByText('Loading the console…')).toBeNull();
  });

  it('keeps the page in view with a note while the next one loads, then shows the next', async () => {
    const user = userEvent.setup();
    const next = deferred();
    render(<ConsoleRouter routes={routesWith(() => next.promise)} loadingConsole={null} />);
    await user.click(await screen.findByRole('link', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the page…');
    await act(async () => {
      next.resolve(Next);
      await next.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('explains a page whose module could not be loaded, with a way to reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const next = deferred();
    render(<ConsoleRouter routes={routesWith(() => next.promise)} loadingConsole={null} />);
    await user.click(await screen.findByRole('link', { name: 'Next' }));
    await act(async () => {
      next.reject(new TypeError('Failed to fetch dynamically imported module'));
      await next.promise.catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
