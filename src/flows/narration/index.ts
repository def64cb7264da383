// Plain-language narration of payments and consents, shared by their pages, the flow diagram and replay files.
export { narrate, type BankMessage, type NarratedResource, type NarrationInput } from './narration';
export { Narration } from './narration-view';
export { narrateStatusAnswer, type StatusAnswerNarration } from './status-answer';
