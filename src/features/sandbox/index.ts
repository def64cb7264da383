// Public surface of the Sandbox feature for the app shell.
export { sandboxRoutes } from './routes';
