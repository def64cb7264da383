// Routes of the profiles feature; the app's route table spreads them into the layout. The page loads on demand.
import { lazyPages } from '../../flows/lazy-pages';

export const profilesRoutes = lazyPages('settings', {
  '': async () => (await import('./settings-page')).SettingsPage,
});
