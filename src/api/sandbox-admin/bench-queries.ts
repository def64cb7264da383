// Private benches through the shared sandbox's admin API (`{base_url}/admin/benches`): their list, and starting,
// renaming, resetting and deleting one. Each bench the console starts gets a bank profile of its own that points at the
// bench's base_url with the shared sandbox's PSU headers and SCA preferences; renaming or deleting the bench renames or
// deletes that profile too.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BankProfile } from '../profiles/bank-profile';
import { newProfileId, profileStore } from '../profiles/profile-store';
import { actionHref, adminRequest } from './admin-client';
import { sandboxAdminKeys, type AdminControls } from './admin-discovery';
import { bankTimeChanged } from './admin-queries';
import { adminTokens } from './admin-token';

/** One bench, as the shared sandbox's admin API lists it. */
export interface SandboxBench {
  name: string;
  label: string;
  /** Its base_url on the sandbox's server, as a path (`/bench/<name>`). */
  href: string;
  adminHref: string;
  createdAt: string;
  lastUsedAt: string;
  /** When it is deleted unless used before; null when benches do not expire. */
  expiresAt: string | null;
}

export interface SandboxBenches {
  benches: SandboxBench[];
  limits: { max: number; idleMs: number | null };
}

/** The bench's base_url: its path on the shared sandbox's origin (or on the console's, for a base_url without one). */
export function benchBaseUrl(shared: Pick<BankProfile, 'baseUrl'>, bench: Pick<SandboxBench, 'href'>): string {
  try {
    return new URL(bench.href, shared.baseUrl).href.replace(/\/+$/, '');
  } catch {
    return bench.href;
  }
}

/** The profile of this browser that points at the bench, if there is one. */
export function benchProfileOf(
  profiles: readonly BankProfile[],
  shared: Pick<BankProfile, 'baseUrl'>,
  bench: Pick<SandboxBench, 'href'>,
): BankProfile | undefined {
  const baseUrl = benchBaseUrl(shared, bench);
  return profiles.find((profile) => profile.baseUrl.replace(/\/+$/, '') === baseUrl);
}

const profileName = (bench: Pick<SandboxBench, 'label'>) => `Bench: ${bench.label}`;

/**
 * Adds (or renews) the bench's profile: the shared sandbox's PSU headers, SCA preferences, redirect URIs, relay target
 * and timeout at the bench's base_url, with the shared sandbox's admin token for the same origin. No bearer token.
 */
export function keepBenchProfile(shared: BankProfile, bench: SandboxBench): BankProfile {
  const profiles = profileStore.list();
  const existing = benchProfileOf(profiles, shared, bench);
  const preferred = `bench-${bench.name}`;
  const id = existing?.id ?? (profiles.some((profile) => profile.id === preferred) ? newProfileId() : preferred);
  const profile: BankProfile = {
    id,
    name: profileName(bench),
    baseUrl: benchBaseUrl(shared, bench),
    psuHeaders: { ...shared.psuHeaders },
    sca: { ...shared.sca },
    ...(shared.redirectUri && { redirectUri: shared.redirectUri }),
    ...(shared.nokRedirectUri && { nokRedirectUri: shared.nokRedirectUri }),
    ...(shared.relayTarget && { relayTarget: shared.relayTarget }),
    ...(shared.oauthClientId && { oauthClientId: shared.oauthClientId }),
    ...(shared.timeoutSeconds !== undefined && { timeoutSeconds: shared.timeoutSeconds }),
  };
  profileStore.save(profile);
  const token = adminTokens.get(shared);
  if (token) adminTokens.set(profile, token);
  return profile;
}

function benchesQuery(profile: BankProfile, controls: AdminControls) {
  const href = controls.benches ? actionHref(controls, 'benches', 'list') : '';
  // The key names the profile by its id alone, as every key of src/api does; the href comes from the discovery.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return {
    queryKey: sandboxAdminKeys.control(profile.id, 'benches'),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminRequest<SandboxBenches>(profile, { operationId: 'sandboxAdmin.benches.list', method: 'GET', href, signal }),
    retry: false,
    enabled: controls.benches !== undefined,
  };
}

/** The shared sandbox's benches (when it offers them). */
export function useBenches(profile: BankProfile, controls: AdminControls) {
  return useQuery(benchesQuery(profile, controls));
}

/** A bench's data was made afresh: what the console read from it through its profile is read again. */
function benchChanged(queryClient: QueryClient, shared: BankProfile, bench: SandboxBench): void {
  const profile = benchProfileOf(profileStore.list(), shared, bench);
  if (profile) bankTimeChanged(queryClient, profile.id);
}

/** Starting, renaming, resetting and deleting a bench, each keeping its profile in step. */
export function useBenchWrites(profile: BankProfile, controls: AdminControls) {
  const queryClient = useQueryClient();
  const listChanged = () =>
    queryClient.invalidateQueries({ queryKey: sandboxAdminKeys.control(profile.id, 'benches') });
  const call = (name: string, method: 'POST' | 'PATCH' | 'DELETE', bench: string, body?: unknown) =>
    adminRequest<SandboxBench | undefined>(profile, {
      operationId: `sandboxAdmin.benches.${name}`,
      method,
      href: actionHref(controls, 'benches', name, { name: bench }),
      ...(body !== undefined && { body }),
    });
  return {
    start: useMutation({
      mutationFn: async (label: string) => {
        const bench = (await call('create', 'POST', '', { label })) as SandboxBench;
        return { bench, profile: keepBenchProfile(profile, bench) };
      },
      onSuccess: listChanged,
    }),
    rename: useMutation({
      mutationFn: async ({ bench, label }: { bench: SandboxBench; label: string }) => {
        const renamed = (await call('rename', 'PATCH', bench.name, { label })) as SandboxBench;
        const own = benchProfileOf(profileStore.list(), profile, renamed);
        if (own) profileStore.save({ ...own, name: profileName(renamed) });
        return renamed;
      },
      onSuccess: listChanged,
    }),
    reset: useMutation({
      mutationFn: async (bench: SandboxBench) => (await call('reset', 'POST', bench.name, {})) as SandboxBench,
      onSuccess: (bench) => {
        benchChanged(queryClient, profile, bench);
        return listChanged();
      },
    }),
    remove: useMutation({
      mutationFn: async (bench: SandboxBench) => {
        await call('remove', 'DELETE', bench.name);
        const own = benchProfileOf(profileStore.list(), profile, bench);
        if (own && !own.builtIn) profileStore.remove(own.id);
        return bench;
      },
      onSuccess: listChanged,
    }),
  };
}
