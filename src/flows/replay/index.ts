// Replay files: a flow saved as one self-contained HTML file, and the console's read-only view of one.
export { SaveReplayButton } from './save-replay-button';
export type { SaveReplayInput } from './save-replay';
