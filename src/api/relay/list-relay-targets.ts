// The targets of the console server's relay (GET /relay), for the profile form's relay choice.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleOrigin } from '../profiles/bank-profile';

export interface RelayTargetInfo {
  id: string;
  baseUrl: string;
}

export interface ListRelayTargetsData {
  targets: RelayTargetInfo[];
}

export const relayKeys = {
  targets: () => ['relay', 'targets'] as const,
};

/** GET /relay on the console's own server. A server without the relay (e.g. a static host) has no targets. */
export async function listRelayTargets(signal?: AbortSignal): Promise<ListRelayTargetsData> {
  const response = await fetch(`${consoleOrigin()}/relay`, { signal, headers: { Accept: 'application/json' } });
  if (response.status === 404) return { targets: [] };
  if (!response.ok) throw new Error(`The console’s server answered ${response.status} for its relay targets.`);
  const body = (await response.json()) as { targets?: unknown };
  const targets = Array.isArray(body.targets) ? body.targets : [];
  return {
    targets: targets.filter(
      (target): target is RelayTargetInfo =>
        typeof (target as RelayTargetInfo | null)?.id === 'string' &&
        typeof (target as RelayTargetInfo).baseUrl === 'string',
    ),
  };
}

export function relayTargetsQueryOptions() {
  return queryOptions({
    queryKey: relayKeys.targets(),
    queryFn: ({ signal }) => listRelayTargets(signal),
    staleTime: 60_000,
  });
}

export function useRelayTargets() {
  return useQuery(relayTargetsQueryOptions());
}
