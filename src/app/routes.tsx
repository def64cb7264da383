// The console's route table: the layout around every feature's routes.
import type { RouteObject } from 'react-router-dom';
import { Layout } from './layout';
import { NotFoundPage } from './pages/not-found-page';
import { PresenterView } from './presenter-switch';
import { RouteErrorPage } from './pages/route-error-page';
import { accountsRoutes } from '../features/accounts/routes';
import { consentsRoutes } from '../features/consents/routes';
import { explorerRoutes } from '../features/explorer/routes';
import { inspectorRoutes } from '../features/inspector/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { profilesRoutes } from '../features/profiles/routes';
import { replayRoutes } from '../features/replay/routes';
import { sandboxRoutes } from '../features/sandbox/routes';
import { scaRoutes } from '../flows/sca/routes';

export const routes: RouteObject[] = [
  {
    element: (
      <PresenterView>
        <Layout />
      </PresenterView>
    ),
    // Shown while the first page's lazy chunk loads.
    hydrateFallbackElement: <p className="p-6 text-slate-700">Loading the console…</p>,
    children: [
      {
        // A pathless route, so a page that fails to load is explained inside the layout.
        errorElement: <RouteErrorPage />,
        children: [
          // The home page loads on demand like every other page, so the others' first load does not carry it.
          { index: true, lazy: async () => ({ Component: (await import('./pages/home-page')).HomePage }) },
          ...paymentsRoutes,
          ...scaRoutes,
          ...consentsRoutes,
          ...accountsRoutes,
          ...explorerRoutes,
          ...inspectorRoutes,
          ...profilesRoutes,
          ...replayRoutes,
          ...sandboxRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
