// Routes of the payments feature; the app's route table spreads them into the layout.
import type { RouteObject } from 'react-router-dom';

export const paymentsRoutes: RouteObject[] = [
  {
    path: 'payments',
    element: (
      <article className="max-w-3xl space-y-4">
        <title>{'Payments · XS2A Console'}</title>
        <h1 className="text-2xl font-semibold">Payments</h1>
        <p>Initiate, read, track and cancel payments.</p>
      </article>
    ),
  },
];
