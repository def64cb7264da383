// Pages and panels in the console's component tests: rendered under a route of a memory router with a fresh query
// cache that does not retry (in presenter mode when asked), what the console kept in the browser forgotten after each
// test, and what the audience sees of a page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { activeConsent, forgetAdminOffers, forgetBankTimes, forgetOwnCodes, presenterMode, profileStore } from '../api';
import { PresenterViewContext } from '../components/ui';
import { answerAll } from './http';

export interface RenderRouteOptions {
  /** Where the router opens: a path (with its query) or a location with state; the route itself by default. */
  at?: InitialEntry;
  /** Presenter mode: switched on, and its context around the page. */
  presenter?: boolean;
  /** The query cache, when the test looks into it; a fresh one that does not retry by default. */
  client?: QueryClient;
}

/** Renders `element` as the one route `route` ("/payments/:service/:product/:paymentId") and opens it. */
export function renderRoute(route: string, element: ReactNode, options: RenderRouteOptions = {}) {
  const { at = route, presenter = false, client = testQueryClient() } = options;
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [at] });
  presenterMode.set(presenter);
  render(
    <PresenterViewContext.Provider value={presenter}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PresenterViewContext.Provider>,
  );
  return { client, router };
}

/** A query cache for one test: nothing is retried, so a failure shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * After a test: unmounts what it rendered and forgets what the console kept in the browser: presenter mode, the active
 * profile's active consent, and everything in localStorage and sessionStorage.
 */
export function forgetPage(): void {
  cleanup();
  presenterMode.set(false);
  activeConsent.set(profileStore.active().id, undefined);
  localStorage.clear();
  sessionStorage.clear();
  forgetAdminOffers();
  forgetBankTimes();
  forgetOwnCodes();
}

/**
 * A bank that answers by the end of the path with the JSON body given for it (the first suffix that matches, so a
 * longer one goes first); anything else is a bodiless 404.
 */
export function answerByPath(answers: Record<string, unknown>): void {
  answerAll((request) => {
    const path = new URL(request.url).pathname;
    const suffix = Object.keys(answers).find((candidate) => path.endsWith(candidate));
    return suffix === undefined
      ? new Response('', { status: 404 })
      : new Response(JSON.stringify(answers[suffix]), { headers: { 'Content-Type': 'application/json' } });
  });
}

/** Text outside any closed disclosure and screen-reader-only text: what the audience sees on the screen. */
export function visibleText(): string {
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
  for (const details of copy.querySelectorAll('details')) {
    for (const child of [...details.children]) if (child.tagName !== 'SUMMARY') child.remove();
  }
  return copy.textContent ?? '';
}
