// Routes of the Sandbox page (the embedded bank's controls, at /test-bench, outside /sandbox, the bank's own prefix); the app's route table spreads them into the layout.
import { lazyPages } from '../../flows/lazy-pages';

export const sandboxRoutes = lazyPages('test-bench', {
  '': async () => (await import('./pages/sandbox-page')).SandboxPage,
});
