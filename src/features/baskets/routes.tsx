// Routes of the signing baskets feature; the app's route table spreads them into the layout. Pages load on demand.
import { lazyPages } from '../../flows/lazy-pages';

export const basketsRoutes = lazyPages('baskets', {
  '': async () => (await import('./pages/baskets-list-page')).BasketsListPage,
  new: async () => (await import('./pages/new-basket-page')).NewBasketPage,
  ':basketId': async () => (await import('./pages/basket-page')).BasketPage,
});
