// Routes of the explorer; the app's route table spreads them into the layout. The pages load on demand.
import { lazyPages } from '../../flows/lazy-pages';

export const explorerRoutes = lazyPages('explore', {
  '': async () => (await import('./pages/explore-page')).ExplorePage,
  ':operationId': async () => (await import('./pages/operation-page')).OperationPage,
});
