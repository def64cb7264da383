// Routes of the consents feature; the app's route table spreads them into the layout.
import type { RouteObject } from 'react-router-dom';

export const consentsRoutes: RouteObject[] = [
  {
    path: 'consents',
    element: (
      <article className="max-w-3xl space-y-4">
        <title>{'Consents · XS2A Console'}</title>
        <h1 className="text-2xl font-semibold">Consents</h1>
        <p>Create, check and delete account information consents.</p>
      </article>
    ),
  },
];
