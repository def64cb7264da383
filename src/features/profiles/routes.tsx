// Routes of the profiles feature; the app's route table spreads them into the layout.
import type { RouteObject } from 'react-router-dom';

export const profilesRoutes: RouteObject[] = [
  {
    path: 'settings',
    element: (
      <article className="max-w-3xl space-y-4">
        <title>{'Settings · XS2A Console'}</title>
        <h1 className="text-2xl font-semibold">Settings</h1>
        <p>Bank profiles: base_url, PSU and TPP headers.</p>
      </article>
    ),
  },
];
