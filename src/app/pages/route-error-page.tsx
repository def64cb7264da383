// Shown inside the layout when a page cannot be shown at all: a lazily loaded chunk failed to download (a new version
// was deployed, the server stopped) or a route threw while loading.
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui';

export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <article className="max-w-3xl space-y-4" role="alert">
      <h1 className="text-2xl font-semibold">This page could not be shown</h1>
      <p>
        The console could not load this page. If the console was just updated or restarted, reloading fetches the
        current version; what you typed on other pages of this browser is kept.
      </p>
      <p className="font-mono text-sm break-words text-slate-700">{detail}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </article>
  );
}
