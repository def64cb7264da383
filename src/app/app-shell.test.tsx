// Renders the shell on the server side of React, so the layout and routes are checked without a DOM.
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './providers';
import { routes } from './routes';

function render(path: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('console shell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the labelled navigation, the active profile and marks the current section', () => {
    const html = render('/payments');
    expect(html).toContain('<nav aria-label="Console sections"');
    expect(html).toContain('Embedded sandbox');
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/payments"/);
    expect(html).toContain('<h1 class="text-2xl font-semibold">Payments</h1>');
  });

  it.each(['/consents', '/accounts', '/inspector', '/settings'])('renders a page with a heading at %s', (path) => {
    expect(render(path)).toMatch(/<main id="main"[^>]*>.*<h1[^>]*>\w+<\/h1>/s);
  });

  it('shows the sandbox base_url on the home page', () => {
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:4319' } });
    const html = render('/');
    expect(html).toContain('http://127.0.0.1:4319/sandbox');
    expect(html).toContain('see README');
  });

  it('answers unknown addresses with a not-found page', () => {
    expect(render('/no-such-page')).toContain('Page not found');
  });
});
