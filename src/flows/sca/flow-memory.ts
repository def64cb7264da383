// The last known step of each authorisation seen in this tab (links, methods, challenge; never a password or OTP),
// so the authorisations list can continue one where it stopped. Memory only: gone on reload, by design.
import type { AuthorisationScope } from '../../api';
import type { ScaFlowState } from './sca-flow';

const flows = new Map<string, ScaFlowState>();
const MAX_FLOWS = 200;

function scopeKey(scope: AuthorisationScope): string {
  return scope.kind === 'consent'
    ? `consent/${scope.consentId}`
    : `${scope.kind}/${scope.service}/${scope.product}/${scope.paymentId}`;
}

function keyOf(profileId: string, scope: AuthorisationScope, authorisationId: string): string {
  return `${profileId}|${scopeKey(scope)}|${authorisationId}`;
}

export function rememberFlow(profileId: string, scope: AuthorisationScope, state: ScaFlowState): void {
  if (!state.authorisationId) return;
  const key = keyOf(profileId, scope, state.authorisationId);
  flows.delete(key);
  flows.set(key, state);
  // Oldest first in a Map: drop them beyond the cap.
  for (const oldest of flows.keys()) {
    if (flows.size <= MAX_FLOWS) break;
    flows.delete(oldest);
  }
}

export function recallFlow(
  profileId: string,
  scope: AuthorisationScope,
  authorisationId: string,
): ScaFlowState | undefined {
  return flows.get(keyOf(profileId, scope, authorisationId));
}

export function forgetAllFlows(): void {
  flows.clear();
}
