// Shown inside the layout when a page cannot be shown at all: its lazily loaded chunk failed to download (a new version
// was deployed, the server stopped).
import { Component, type ReactNode } from 'react';
import { Button } from '../../components/ui';
import { PageLoadError } from '../../flows/lazy-pages';

export function RouteErrorPage({ error }: { error: Error }) {
  return (
    <article className="max-w-3xl space-y-4" role="alert">
      <h1 className="text-2xl font-semibold">This page could not be shown</h1>
      <p>
        The console could not load this page. If the console was just updated or restarted, reloading fetches the
        current version; what you typed on other pages of this browser is kept.
      </p>
      <p className="font-mono text-sm break-words text-slate-700">{error.message}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </article>
  );
}

interface PageLoadBoundaryProps {
  /** The page's path: another page gets a fresh chance. */
  pathname: string;
  children: ReactNode;
}

interface PageLoadBoundaryState {
  error: Error | undefined;
  pathname: string;
}

/** Shows RouteErrorPage when the page's module could not be loaded; any other error goes on to the boundary above. */
export class PageLoadBoundary extends Component<PageLoadBoundaryProps, PageLoadBoundaryState> {
  override state: PageLoadBoundaryState = { error: undefined, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<PageLoadBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: PageLoadBoundaryProps,
    state: PageLoadBoundaryState,
  ): Partial<PageLoadBoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, error: undefined };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (error instanceof PageLoadError) return <RouteErrorPage error={error} />;
    throw error;
  }
}
