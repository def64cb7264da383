// Routes of the profiles feature; the app's route table spreads them into the layout.
import type { RouteObject } from 'react-router-dom';

export const profilesRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: async () => {
      const { SettingsPage } = await import('./settings-page');
      return { Component: SettingsPage };
    },
  },
];
