// Public surface of the profiles feature for the app shell.
export { ProfileSwitcher } from './profile-switcher';
export { profilesRoutes } from './routes';
