// The console's route table: the layout around every feature's routes.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../flows/lazy-pages';
import { Layout } from './layout';
import { NotFoundPage } from './pages/not-found-page';
import { PresenterView } from './presenter-switch';
import { accountsRoutes } from '../features/accounts/routes';
import { basketsRoutes } from '../features/baskets/routes';
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
    children: [
      // The home page loads on demand like every other page, so the others' first load does not carry it.
      { index: true, ...lazyPage(async () => (await import('./pages/home-page')).HomePage) },
      ...paymentsRoutes,
      ...scaRoutes,
      ...consentsRoutes,
      ...basketsRoutes,
      ...accountsRoutes,
      ...explorerRoutes,
      ...inspectorRoutes,
      ...profilesRoutes,
      ...replayRoutes,
      ...sandboxRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Shown until the first page's module is in. */
export const loadingConsole = <p className="p-6 text-slate-700">Loading the console…</p>;
