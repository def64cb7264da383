// Routes of the inspector feature; the app's route table spreads them into the layout. The page loads on demand.
import { lazyPages } from '../../flows/lazy-pages';

export const inspectorRoutes = lazyPages('inspector', {
  '': async () => (await import('./inspector-page')).InspectorPage,
});
