// Routes of the inspector feature; the app's route table spreads them into the layout.
import type { RouteObject } from 'react-router-dom';

export const inspectorRoutes: RouteObject[] = [
  {
    path: 'inspector',
    lazy: async () => {
      const { InspectorPage } = await import('./inspector-page');
      return { Component: InspectorPage };
    },
  },
];
