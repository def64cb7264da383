// Public surface of the explorer feature for the app shell.
export { explorerRoutes } from './routes';
