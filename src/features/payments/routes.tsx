// Routes of the payments feature; the app's route table spreads them into the layout. Pages load on demand.
import { lazyPages } from '../../flows/lazy-pages';

export const paymentsRoutes = lazyPages('payments', {
  '': async () => (await import('./pages/payments-list-page')).PaymentsListPage,
  new: async () => (await import('./pages/new-payment-page')).NewPaymentPage,
  ':service/:product/:paymentId': async () => (await import('./pages/payment-page')).PaymentPage,
});
