// The explorer's list: every operation of payment initiation, account information and their authorisations; with
// ?from=<exchangeId>, that exchange of the log opened to edit and resend.
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingText, Panel } from '../../../components/ui';
import { operationRoutes } from '../../../xs2a';
import { operationGroups, operationTitles } from '../model/operation-groups';

/** Resending an exchange needs the request editor and the schemas; the list alone does not. */
const ResendPage = lazy(async () => ({ default: (await import('./resend-page')).ResendPage }));

export function ExplorePage() {
  const [search] = useSearchParams();
  const from = search.get('from');
  // An exchange of the log to edit and resend; a new one starts a new draft.
  if (from) {
    return (
      <Suspense fallback={<LoadingText>Opening the exchange…</LoadingText>}>
        <ResendPage key={from} exchangeId={from} />
      </Suspense>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold text-slate-900">Explore the API</h1>
        <p className="text-sm text-slate-700">
          Every operation of the XS2A 1.3.12 interface the console speaks: what the spec says of it, and a request to
          change in every part and send to the active profile’s bank.
        </p>
      </div>
      {operationGroups.map((group) => (
        <Panel key={group.id} title={group.title} description={group.description}>
          <ul className="divide-y divide-slate-100">
            {group.operations.map((name) => (
              <li key={name} className="py-2">
                <Link
                  to={`/explore/${name}`}
                  className="group flex flex-col gap-0.5 rounded focus-visible:outline-2 focus-visible:outline-blue-600 sm:flex-row sm:items-baseline sm:gap-3"
                >
                  <span className="font-medium text-blue-800 group-hover:underline">{operationTitles[name]}</span>
                  <code className="font-mono text-xs break-all text-slate-700">
                    {operationRoutes[name].method} {operationRoutes[name].path}
                  </code>
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      ))}
    </div>
  );
}
