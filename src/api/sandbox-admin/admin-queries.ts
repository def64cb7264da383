// The sandbox admin API's controls in React Query: their reads, and the writes with what they change in the cache. The
// discovery, which the navigation reads on every page, is admin-discovery.ts.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { noteOwnCodes } from '../bank-own-codes';
import { noteSandboxClock } from '../bank-time';
import { accountKeys, authorisationKeys, consentKeys, paymentKeys } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import { actionHref, adminRequest, type AdminCall } from './admin-client';
import { sandboxAdminDiscovery, sandboxAdminKeys, type AdminControls } from './admin-discovery';
import { adminTokens, useAdminToken } from './admin-token';
import type {
  BankClockState,
  BehaviourProfiles,
  SandboxPsus,
  SandboxScenario,
  ScenarioCatalogue,
  ScenarioInput,
  Snapshots,
} from './admin-types';

/** The admin API's discovery for the profile's bank, with the query's whole state (the Sandbox page, the SCA steps). */
export function useSandboxAdmin(profile: BankProfile) {
  return useQuery(sandboxAdminDiscovery(profile, Boolean(useAdminToken(profile))));
}

/** Sets the admin token of a profile's bank (for its base_url's origin) and reads the admin API again with it. */
export function adminTokenChanged(queryClient: QueryClient, profile: BankProfile, token: string): void {
  adminTokens.set(profile, token);
  void queryClient.invalidateQueries({ queryKey: sandboxAdminKeys.all(profile.id) });
}

/**
 * After the bank's clock moved (or its data was reset or restored): every payment, consent, authorisation and account
 * read of the profile is read again, since settlement, expiry and bookings follow the bank's time.
 */
export function bankTimeChanged(queryClient: QueryClient, profileId: string): void {
  for (const queryKey of [
    paymentKeys.all(profileId),
    consentKeys.all(profileId),
    authorisationKeys.all(profileId),
    accountKeys.profile(profileId),
    sandboxAdminKeys.all(profileId),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

type Control = keyof AdminControls;

function adminQuery<T>(profile: BankProfile, name: string, href: string) {
  // The key names the profile by its id alone, as every key of src/api does; the href comes from the discovery.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: sandboxAdminKeys.control(profile.id, name),
    queryFn: ({ signal }) =>
      adminRequest<T>(profile, { operationId: `sandboxAdmin.${name}`, method: 'GET', href, signal }),
    retry: false,
  });
}

/** An admin call that answers the bank's clock (its read, every move): the reading is kept as the bank's time. */
async function clockCall(profile: BankProfile, call: AdminCall): Promise<BankClockState> {
  const sentAt = Date.now();
  const clock = await adminRequest<BankClockState>(profile, call);
  noteSandboxClock(profile.baseUrl, clock, sentAt);
  return clock;
}

/** The scenario catalogue: the sandbox's own codes in it are kept, so its errors are explained with them. */
async function catalogueCall(profile: BankProfile, href: string, signal: AbortSignal): Promise<ScenarioCatalogue> {
  const catalogue = await adminRequest<ScenarioCatalogue>(profile, {
    operationId: 'sandboxAdmin.catalogue',
    method: 'GET',
    href,
    signal,
  });
  noteOwnCodes(profile.baseUrl, catalogue.sandboxCodes);
  return catalogue;
}

/** The reads of the Sandbox page: clock, scenarios and their catalogue, behaviour profiles, PSUs, snapshots. */
export function useAdminReads(profile: BankProfile, controls: AdminControls) {
  const get = (control: Control, name: string) => actionHref(controls, control, name);
  return {
    clock: useQuery({
      ...adminQuery<BankClockState>(profile, 'clock', controls.clock.href),
      queryFn: ({ signal }) =>
        clockCall(profile, { operationId: 'sandboxAdmin.clock', method: 'GET', href: controls.clock.href, signal }),
    }),
    scenarios: useQuery(adminQuery<{ scenarios: SandboxScenario[] }>(profile, 'scenarios', get('scenarios', 'list'))),
    catalogue: useQuery({
      ...adminQuery<ScenarioCatalogue>(profile, 'catalogue', get('scenarios', 'catalogue')),
      queryFn: ({ signal }) => catalogueCall(profile, get('scenarios', 'catalogue'), signal),
      staleTime: Infinity,
    }),
    profiles: useQuery(adminQuery<BehaviourProfiles>(profile, 'profiles', controls.profiles.href)),
    psus: useQuery(adminQuery<SandboxPsus>(profile, 'psus', get('data', 'psus'))),
    snapshots: useQuery(adminQuery<Snapshots>(profile, 'snapshots', get('data', 'snapshots'))),
  };
}

/** The sandbox's test PSUs with their accounts, for the forms' "Use test PSU" (only when the admin API answers). */
export function useSandboxPsus(profile: BankProfile, controls: AdminControls | undefined) {
  const href = controls ? actionHref(controls, 'data', 'psus') : '';
  return useQuery({ ...adminQuery<SandboxPsus>(profile, 'psus', href), enabled: controls !== undefined });
}

export type ClockMove =
  { kind: 'advance'; by: string } | { kind: 'set'; to: string } | { kind: 'freeze' | 'unfreeze' | 'reset' };

/** The admin calls that change the bank, each with what it changes in the cache. */
export function useAdminWrites(profile: BankProfile, controls: AdminControls) {
  const queryClient = useQueryClient();
  const write = <T>(name: string, call: Omit<AdminCall, 'operationId'>) =>
    adminRequest<T>(profile, { operationId: `sandboxAdmin.${name}`, ...call });
  const post = (control: Control, name: string, body: unknown = {}, params?: Record<string, string>) =>
    write<unknown>(`${control}.${name}`, { method: 'POST', href: actionHref(controls, control, name, params), body });
  const refresh = (control: string) => () =>
    queryClient.invalidateQueries({ queryKey: sandboxAdminKeys.control(profile.id, control) });
  const timeChanged = () => bankTimeChanged(queryClient, profile.id);

  return {
    moveClock: useMutation({
      mutationFn: (move: ClockMove) => {
        const { kind, ...body } = move;
        return clockCall(profile, {
          operationId: `sandboxAdmin.clock.${kind}`,
          method: 'POST',
          href: actionHref(controls, 'clock', kind),
          body,
        });
      },
      onSuccess: timeChanged,
    }),
    addScenario: useMutation({
      mutationFn: (input: ScenarioInput) => post('scenarios', 'add', input),
      onSuccess: refresh('scenarios'),
    }),
    removeScenario: useMutation({
      mutationFn: (id: string) =>
        write('scenarios.remove', { method: 'DELETE', href: actionHref(controls, 'scenarios', 'remove', { id }) }),
      onSuccess: refresh('scenarios'),
    }),
    applyProfile: useMutation({
      mutationFn: (name: string) =>
        write('profiles.switch', { method: 'PUT', href: actionHref(controls, 'profiles', 'switch'), body: { name } }),
      onSuccess: refresh('profiles'),
    }),
    resetData: useMutation({ mutationFn: () => post('data', 'reset'), onSuccess: timeChanged }),
    saveSnapshot: useMutation({
      mutationFn: (name: string) => post('data', 'saveSnapshot', { name }),
      onSuccess: refresh('snapshots'),
    }),
    restoreSnapshot: useMutation({
      mutationFn: (name: string) => post('data', 'restoreSnapshot', {}, { name }),
      onSuccess: timeChanged,
    }),
  };
}
