// Routes of the accounts feature; the app's route table spreads them into the layout.
import type { RouteObject } from 'react-router-dom';

export const accountsRoutes: RouteObject[] = [
  {
    path: 'accounts',
    element: (
      <article className="max-w-3xl space-y-4">
        <title>{'Accounts · XS2A Console'}</title>
        <h1 className="text-2xl font-semibold">Accounts</h1>
        <p>Accounts, balances and transactions under a consent.</p>
      </article>
    ),
  },
];
