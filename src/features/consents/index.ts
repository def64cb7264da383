// The consents feature's public surface for the app shell (its pages come through routes.tsx).
export { ActiveConsentIndicator } from './components/active-consent-indicator';
