// Public surface of the inspector feature for the app shell.
export { inspectorRoutes } from './routes';
export { LogRoomLink } from './log-room';
