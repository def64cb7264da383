// What a payment's and a consent's pages share: the state passed on after the creation, status text, and the page's
// sections that show the same things.
export { createdState, readCreatedState, statusText, type CreatedState } from './created-state';
export {
  CreationSca,
  NotFromThisBrowser,
  ResourceHeader,
  ResourcePage,
  useRefetchOnNewStatus,
  type CreationFacts,
  type CreationScaProps,
  type ResourceHeaderProps,
  type ResourcePageProps,
} from './resource-page';
export {
  HistoryItem,
  HistoryList,
  HistoryListPage,
  type HistoryItemProps,
  type HistoryListProps,
  type HistoryListPageProps,
} from './history-list';
export { StatusPanelFrame, type StatusPanelFrameProps } from './status-panel';
export { ReadWaitNotice } from './read-wait';
export { OutcomeBanner, useLastStep, type OutcomeBannerProps } from './outcome-banner';
export {
  resolveOutcome,
  type LastStep,
  type LatestAuthorisation,
  type Outcome,
  type ResourceFacts,
  type ResourceVerdict,
} from './outcome';
export { useLatestAuthorisation, type OutcomeView, type ResourceRead } from './latest-authorisation';
export { ResourceAuthorisations, useResourceView, type ResourceViewOptions } from './resource-view';
export { FOLLOW_AFTER_SCA_MS, useFollowAfterSca } from './follow-after-sca';
export { useScaEndedHere, type ScaEndedHereOptions } from './sca-ended-here';
