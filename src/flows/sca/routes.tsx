// Routes of the SCA feature: the callback pages a bank's redirect or OAuth SCA returns the browser to (lazy-loaded).
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-pages';

export const scaRoutes: RouteObject[] = [
  {
    path: 'callback/ok',
    ...lazyPage(async () => (await import('./callback-page')).CallbackOkPage),
  },
  {
    path: 'callback/nok',
    ...lazyPage(async () => (await import('./callback-page')).CallbackNokPage),
  },
  {
    path: 'callback/oauth',
    ...lazyPage(async () => (await import('./oauth-callback-page')).OAuthCallbackPage),
  },
];
