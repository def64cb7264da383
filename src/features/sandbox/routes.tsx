// Routes of the Sandbox page (the embedded bank's controls); the app's route table spreads them into the layout.
import { lazyPages } from '../../flows/lazy-pages';

export const sandboxRoutes = lazyPages('sandbox', {
  '': async () => (await import('./pages/sandbox-page')).SandboxPage,
});
