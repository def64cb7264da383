// Routes of the accounts feature; the app's route table spreads them into the layout. Pages load on demand.
import type { RouteObject } from 'react-router-dom';

export const accountsRoutes: RouteObject[] = [
  {
    path: 'accounts',
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/accounts-list-page')).AccountsListPage }),
      },
      {
        path: ':accountId',
        lazy: async () => ({ Component: (await import('./pages/account-page')).AccountPage }),
      },
    ],
  },
];
