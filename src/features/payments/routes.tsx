// Routes of the payments feature; the app's route table spreads them into the layout. Pages load on demand.
import type { RouteObject } from 'react-router-dom';

export const paymentsRoutes: RouteObject[] = [
  {
    path: 'payments',
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/payments-list-page')).PaymentsListPage }),
      },
      {
        path: 'new',
        lazy: async () => ({ Component: (await import('./pages/new-payment-page')).NewPaymentPage }),
      },
      {
        path: ':service/:product/:paymentId',
        lazy: async () => ({ Component: (await import('./pages/payment-page')).PaymentPage }),
      },
    ],
  },
];
