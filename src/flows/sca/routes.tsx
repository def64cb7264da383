// Routes of the SCA feature: the callback pages a bank's redirect or OAuth SCA returns the browser to (lazy-loaded).
import type { RouteObject } from 'react-router-dom';

export const scaRoutes: RouteObject[] = [
  {
    path: 'callback/ok',
    lazy: async () => ({ Component: (await import('./callback-page')).CallbackOkPage }),
  },
  {
    path: 'callback/nok',
    lazy: async () => ({ Component: (await import('./callback-page')).CallbackNokPage }),
  },
  {
    path: 'callback/oauth',
    lazy: async () => ({ Component: (await import('./oauth-callback-page')).OAuthCallbackPage }),
  },
];
