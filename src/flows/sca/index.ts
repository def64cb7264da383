// The SCA feature's public surface, composed by payments and consents.
export { AuthorisationsPanel, continuationLinks } from './authorisations-panel';
export { DecoupledMonitor, DECOUPLED_POLL_MS } from './decoupled-monitor';
export {
  authorisationIdFromHref,
  linksToActions,
  primaryAction,
  type ScaAction,
  type ScaActionKind,
  type ScaLinks,
  type ScaStepKind,
} from './links-to-actions';
export { newScaRedirect, type ScaRedirect } from './new-sca-redirect';
export { scaRoutes } from './routes';
export { ScaPanel } from './lazy-sca-panel';
export type { ScaPanelProps } from './sca-panel';
export { useScaReturn, useScaReturnStep, type OAuthReturnState } from './sca-return-notice';
export { ScaStatusBadge, scaStatusMeaning } from './sca-status-badge';
export { isFinal, scaStatusLabel } from './sca-flow';
export { useResumedFlow, type ResumedFlow } from './resumed-flow';
