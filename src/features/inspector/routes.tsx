// Routes of the inspector feature; the app's route table spreads them into the layout.
import type { RouteObject } from 'react-router-dom';

export const inspectorRoutes: RouteObject[] = [
  {
    path: 'inspector',
    element: (
      <article className="max-w-3xl space-y-4">
        <title>{'Inspector · XS2A Console'}</title>
        <h1 className="text-2xl font-semibold">Inspector</h1>
        <p>Every request and response the console exchanged.</p>
      </article>
    ),
  },
];
