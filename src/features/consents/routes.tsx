// Routes of the consents feature; the app's route table spreads them into the layout. Pages load on demand.
import type { RouteObject } from 'react-router-dom';

export const consentsRoutes: RouteObject[] = [
  {
    path: 'consents',
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/consents-list-page')).ConsentsListPage }),
      },
      {
        path: 'new',
        lazy: async () => ({ Component: (await import('./pages/new-consent-page')).NewConsentPage }),
      },
      {
        path: ':consentId',
        lazy: async () => ({ Component: (await import('./pages/consent-page')).ConsentPage }),
      },
    ],
  },
];
