// The last known step of each authorisation seen in this tab (links, methods, status; never a password, an OTP or the
// bank's challenge data), so the authorisations list can continue one where it stopped and a reloaded page resumes its
// embedded wizard. Kept for the tab (sessionStorage), like the exchange log.
import type { AuthorisationScope } from '../../api';
import type { ScaFlowState } from './sca-flow';

const flows = new Map<string, ScaFlowState>();
const MAX_FLOWS = 200;
const STORAGE_KEY = 'xs2a-console.sca-flows.v1';

function scopeKey(scope: AuthorisationScope): string {
  switch (scope.kind) {
    case 'consent':
      return `consent/${scope.consentId}`;
    case 'basket':
      return `basket/${scope.basketId}`;
    default:
      return `${scope.kind}/${scope.service}/${scope.product}/${scope.paymentId}`;
  }
}

function keyOf(profileId: string, scope: AuthorisationScope, authorisationId: string): string {
  return `${profileId}|${scopeKey(scope)}|${authorisationId}`;
}

/** What may be kept of a flow: no challenge data (it can carry what the PSU's device shows to make the OTP). */
function keptOf({ challengeData: _challenge, ...kept }: ScaFlowState): ScaFlowState {
  return kept;
}

function isFlowState(value: unknown): value is ScaFlowState {
  if (typeof value !== 'object' || value === null) return false;
  const { links, authorisationId } = value as { links?: unknown; authorisationId?: unknown };
  return (links === undefined || (typeof links === 'object' && links !== null)) && typeof authorisationId === 'string';
}

/** The tab's stored flows, oldest first; a damaged or foreign value is dropped rather than trusted. */
function stored(): [string, ScaFlowState][] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is [string, ScaFlowState] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && isFlowState(entry[1]),
    );
  } catch {
    return [];
  }
}

function store(entries: [string, ScaFlowState][]): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries.slice(-MAX_FLOWS)));
  } catch {
    // A full or unavailable storage only loses the resumption after a reload.
  }
}

export function rememberFlow(profileId: string, scope: AuthorisationScope, state: ScaFlowState): void {
  if (!state.authorisationId) return;
  const key = keyOf(profileId, scope, state.authorisationId);
  const kept = keptOf(state);
  flows.delete(key);
  flows.set(key, kept);
  // Oldest first in a Map: drop them beyond the cap.
  for (const oldest of flows.keys()) {
    if (flows.size <= MAX_FLOWS) break;
    flows.delete(oldest);
  }
  store([...stored().filter(([stale]) => stale !== key), [key, kept]]);
}

export function recallFlow(
  profileId: string,
  scope: AuthorisationScope,
  authorisationId: string,
): ScaFlowState | undefined {
  const key = keyOf(profileId, scope, authorisationId);
  return flows.get(key) ?? stored().find(([stale]) => stale === key)?.[1];
}

/** The authorisation of this resource the tab took a step in last. */
export function recallLatestFlow(profileId: string, scope: AuthorisationScope): ScaFlowState | undefined {
  const prefix = `${profileId}|${scopeKey(scope)}|`;
  return stored()
    .filter(([key]) => key.startsWith(prefix))
    .at(-1)?.[1];
}

export function forgetAllFlows(): void {
  flows.clear();
  store([]);
}
