// Routes of the replay feature; the app's route table spreads them into the layout. The page loads on demand.
import { lazyPages } from '../../flows/lazy-pages';

export const replayRoutes = lazyPages('replay', {
  '': async () => (await import('./pages/replay-page')).ReplayPage,
});
