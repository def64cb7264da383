// Routes of the accounts feature; the app's route table spreads them into the layout. Pages load on demand.
import { lazyPages } from '../../flows/lazy-pages';

export const accountsRoutes = lazyPages('accounts', {
  '': async () => (await import('./pages/accounts-list-page')).AccountsListPage,
  ':accountId': async () => (await import('./pages/account-page')).AccountPage,
  cards: async () => (await import('./pages/card-accounts-page')).CardAccountsPage,
  'cards/:accountId': async () => (await import('./pages/card-account-page')).CardAccountPage,
});
