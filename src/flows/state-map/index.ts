// The state map of a payment or a consent: its 1.3.12 status machine, the path it took and what can still happen.
export { StateMapPanel } from './lazy-state-map';
export type { StateMapProps } from './state-map';
