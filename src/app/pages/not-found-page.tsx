import { Link } from 'react-router-dom';
import { DocumentTitle } from '../../components/ui';

export function NotFoundPage() {
  return (
    <article className="max-w-3xl space-y-4">
      <DocumentTitle>Page not found · XS2A Console</DocumentTitle>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p>
        There is no console page at this address. <Link to="/">Go to the home page</Link>.
      </p>
    </article>
  );
}
