// Routes of the consents feature; the app's route table spreads them into the layout. Pages load on demand.
import { lazyPages } from '../../flows/lazy-pages';

export const consentsRoutes = lazyPages('consents', {
  '': async () => (await import('./pages/consents-list-page')).ConsentsListPage,
  new: async () => (await import('./pages/new-consent-page')).NewConsentPage,
  ':consentId': async () => (await import('./pages/consent-page')).ConsentPage,
});
