// The targets of the console server's relay (GET /relay), for the profile form's relay choice.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleOrigin } from '../profiles/bank-profile';

export interface RelayTargetInfo {
  id: string;
  baseUrl: string;
  /** The relay presents the TPP's client certificate (mutual TLS) to this bank; undefined: the server does not say. */
  mtls?: boolean;
  /** The relay signs the requests it forwards (Digest, Signature, TPP-Signature-Certificate). */
  signing?: boolean;
  /** Further origins of the same bank the relay forwards to (e.g. its OAuth server). */
  alsoAllow?: string[];
}

/** A target as the server listed it; members an older server does not send are left out, unknown ones dropped. */
function targetOf(value: unknown): RelayTargetInfo | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.id !== 'string' || typeof record.baseUrl !== 'string') return undefined;
  const target: RelayTargetInfo = { id: record.id, baseUrl: record.baseUrl };
  if (typeof record.mtls === 'boolean') target.mtls = record.mtls;
  if (typeof record.signing === 'boolean') target.signing = record.signing;
  if (Array.isArray(record.alsoAllow)) {
    target.alsoAllow = record.alsoAllow.filter((origin): origin is string => typeof origin === 'string');
  }
  return target;
}

/** What a target does besides forwarding, in short: "mutual TLS, signs requests"; '' when nothing (or unknown). */
export function relayTargetAbilities(target: RelayTargetInfo): string {
  const abilities: string[] = [];
  if (target.mtls) abilities.push('mutual TLS');
  if (target.signing) abilities.push('signs requests');
  return abilities.join(', ');
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
  return { targets: targets.map(targetOf).filter((target) => target !== undefined) };
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
