// One per-profile history store for what the console created at a bank (payments, consents).
export {
  browserStorage,
  createHistory,
  linkMapReader,
  useHistoryEntry,
  useHistoryList,
  type History,
  type HistoryOptions,
  type KeyValueStorage,
  type LinkMap,
} from './history-store';
export { memoryStorage } from './memory-storage';
export * as read from './read';
export type { Infer, Reader } from './read';
export {
  observeStatus,
  statusObservation,
  statusTimeline,
  type StatusCause,
  type StatusObservation,
} from './status-timeline';
export {
  createdMembers,
  createdResourceMembers,
  createResourceHistory,
  RESOURCE_HISTORY_LIMIT,
  type CreatedResourceMembers,
  type CreationAnswer,
  type ResourceHistoryOptions,
} from './resource-history';
export {
  basketMember,
  basketMembers,
  consentAwaits,
  createBasketCandidates,
  memberRoute,
  paymentAwaits,
  type BasketMember,
  type ConsentCandidate,
  type PaymentCandidate,
} from './basket-candidates';
export { historyPrefixes } from './history-keys';
export { createMemberStatuses, memberStatuses } from './member-statuses';
