// The console's route table; the real pages replace the placeholders as the features arrive.
import type { RouteObject } from 'react-router-dom';
import { Layout } from './layout';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { PlaceholderPage } from './pages/placeholder-page';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'payments',
        element: <PlaceholderPage title="Payments" summary="Initiate, read, track and cancel payments." />,
      },
      {
        path: 'consents',
        element: <PlaceholderPage title="Consents" summary="Create, check and delete account information consents." />,
      },
      {
        path: 'accounts',
        element: <PlaceholderPage title="Accounts" summary="Accounts, balances and transactions under a consent." />,
      },
      {
        path: 'inspector',
        element: <PlaceholderPage title="Inspector" summary="Every request and response the console exchanged." />,
      },
      {
        path: 'settings',
        element: <PlaceholderPage title="Settings" summary="Bank profiles: base_url, PSU and TPP headers." />,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
