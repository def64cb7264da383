// Whether a bank offers the sandbox's admin API: its discovery document (`GET {base_url}/admin`), read for every
// profile the console shows (the navigation offers the Sandbox page by it). Kept apart from the admin client, and read
// without zod, so the first page loads without the client's other parts and without zod.
import { useEffect, useSyncExternalStore } from 'react';
import { noteOwnCodes } from '../bank-own-codes';
import { noteBankAnswer } from '../bank-time';
import { isRecord } from '../browser-records';
import type { BankProfile } from '../profiles/bank-profile';
import { withoutForeignTokens } from '../token-guard';
import { buildUrl, parseJsonText, requestUrlFor } from '../urls';
import { createListeners } from '../web-storage';
import { adminTokens } from './admin-token';

/** Admin calls are quick; a bank that does not answer within this is treated as having no admin API. */
const DISCOVERY_TIMEOUT_MS = 8_000;

interface AdminAction {
  method: string;
  href: string;
}

interface AdminControl {
  href: string;
  actions?: Record<string, AdminAction>;
}

/** What the discovery document offers: where each control lives and the actions it takes. */
export interface AdminControls {
  clock: AdminControl;
  scenarios: AdminControl;
  profiles: AdminControl;
  data: AdminControl;
  /** Private benches: offered by a shared sandbox whose server keeps them (not by a bench itself). */
  benches?: AdminControl;
}

const controlNames = ['clock', 'scenarios', 'profiles', 'data'] as const;

function readAction(value: unknown): AdminAction | undefined {
  if (!isRecord(value) || typeof value.method !== 'string' || typeof value.href !== 'string') return undefined;
  return { method: value.method, href: value.href };
}

function readControl(value: unknown): AdminControl | undefined {
  if (!isRecord(value) || typeof value.href !== 'string') return undefined;
  if (value.actions === undefined) return { href: value.href };
  if (!isRecord(value.actions)) return undefined;
  const actions: Record<string, AdminAction> = {};
  for (const [name, entry] of Object.entries(value.actions)) {
    const read = readAction(entry);
    if (!read) return undefined;
    actions[name] = read;
  }
  return { href: value.href, actions };
}

/**
 * The controls of a discovery document: `{name, version, authentication?: "none" | "bearer", controls: {clock,
 * scenarios, profiles, data, benches?}}`, each control `{href, actions?: {<name>: {method, href}}}`. Members it does not know
 * are left out; undefined when the document is not one.
 */
export function readAdminControls(document: unknown): AdminControls | undefined {
  if (!isRecord(document) || typeof document.name !== 'string') return undefined;
  if (typeof document.version !== 'number' || !Number.isFinite(document.version)) return undefined;
  const { authentication, controls } = document;
  if (authentication !== undefined && authentication !== 'none' && authentication !== 'bearer') return undefined;
  if (!isRecord(controls)) return undefined;
  const read: Partial<AdminControls> = {};
  for (const name of controlNames) {
    const control = readControl(controls[name]);
    if (!control) return undefined;
    read[name] = control;
  }
  // An optional control that cannot be read is left out, not the whole document.
  const benches = readControl(controls.benches);
  if (benches) read.benches = benches;
  return read as AdminControls;
}

/** Whether the profile's bank offers the sandbox admin API, and its controls when they could be read. */
export type AdminDiscovery =
  | { available: false }
  | { available: true; tokenNeeded: true }
  | { available: true; tokenNeeded: false; controls: AdminControls };

/** The admin API's refusal (`{"error": {"code", "message"}}`) in an answer's body, if it is one. */
export function adminErrorOf(body: unknown): { code: string; message: string } | undefined {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (typeof error?.code !== 'string') return undefined;
  return { code: error.code, message: typeof error.message === 'string' ? error.message : error.code };
}

/** The admin API's URL for a path of its discovery document, or for the document itself ('' → `{base_url}/admin`). */
export function adminUrl(profile: BankProfile, href: string): string {
  return href ? buildUrl(profile.baseUrl, { href }) : buildUrl(profile.baseUrl, { path: '/admin' });
}

/** The admin token the user gave for this profile's bank (its base_url's origin), as an Authorization header. */
export function tokenHeader(profile: BankProfile): Record<string, string> {
  const token = adminTokens.get(profile);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Whether the profile's bank offers the admin API: `GET {base_url}/admin`, the way its XS2A calls go (directly or through
 * its relay). A bank without it (404, another answer, no answer) reads as not available; a sandbox that wants its token
 * (401 from the admin API) as available, token needed. This check runs for every profile the console shows, so it is not
 * recorded in the exchange log, which keeps what the user did; every call of the Sandbox page and its forms is.
 */
export async function discoverAdmin(profile: BankProfile, signal?: AbortSignal): Promise<AdminDiscovery> {
  const timeout = AbortSignal.timeout(DISCOVERY_TIMEOUT_MS);
  let response: Response;
  let body: unknown;
  const url = adminUrl(profile, '');
  const sentAt = Date.now();
  try {
    // Not through the client (kept out of the first load), so the same check of where the token may go is made here.
    response = await fetch(requestUrlFor(profile, url), {
      headers: withoutForeignTokens(url, { Accept: 'application/json', ...tokenHeader(profile) }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      cache: 'no-store',
      redirect: 'manual',
    });
    noteBankAnswer(profile.baseUrl, response.headers, sentAt);
    body = parseJsonText(await response.text());
  } catch (error) {
    if (signal?.aborted) throw error;
    return { available: false };
  }
  if (response.status === 401 && adminErrorOf(body)?.code === 'unauthorized')
    return { available: true, tokenNeeded: true };
  const controls = response.ok ? readAdminControls(body) : undefined;
  // The sandbox's own codes (outside 1.3.12), when the document names them: its errors are explained with them.
  if (controls && isRecord(body)) noteOwnCodes(profile.baseUrl, body.sandboxCodes);
  return controls ? { available: true, tokenNeeded: false, controls } : { available: false };
}

export const sandboxAdminKeys = {
  all: (profileId: string) => [profileId, 'sandbox-admin'] as const,
  /** Whether the bank offers the admin API: changes with where the profile points and whether a token is given. */
  discovery: (profileId: string, baseUrl: string, relayTarget: string, withToken: boolean) =>
    [...sandboxAdminKeys.all(profileId), 'discovery', { baseUrl, relayTarget, withToken }] as const,
  control: (profileId: string, control: string) => [...sandboxAdminKeys.all(profileId), control] as const,
};

/**
 * The discovery query of a profile's bank, kept for the session (a bank does not grow an admin API by itself). The key
 * names the profile by its id and where it points; its headers do not change what the bank offers.
 */
export function sandboxAdminDiscovery(profile: BankProfile, withToken: boolean) {
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- the key names the profile by its id and base
  return {
    queryKey: sandboxAdminKeys.discovery(profile.id, profile.baseUrl, profile.relayTarget?.trim() ?? '', withToken),
    queryFn: ({ signal }: { signal: AbortSignal }) => discoverAdmin(profile, signal),
    staleTime: Infinity,
    retry: false,
  };
}

/** Whether a bank offers the admin API, by where a profile points: asked once a session, for the navigation. */
const offered = new Map<string, boolean | 'asking'>();
const offeredChanges = createListeners();

/** Forgets what banks were found to offer (tests start each case afresh). */
export function forgetAdminOffers(): void {
  offered.clear();
  offeredChanges.notify();
}

/**
 * Whether the profile's bank offers the admin API, for the navigation on every page. That answer does not depend on the
 * token (a sandbox that wants one still offers its API), so it is asked once a session per base_url and relay target
 * and kept here, without a query observer, whose code would add to every page's first load. The Sandbox page reads the
 * whole discovery through useSandboxAdmin.
 */
export function useAdminOffered(profile: BankProfile): boolean {
  const key = `${profile.baseUrl} ${profile.relayTarget?.trim() ?? ''}`;
  useEffect(() => {
    if (offered.has(key)) return;
    offered.set(key, 'asking');
    void discoverAdmin(profile).then(({ available }) => {
      offered.set(key, available);
      offeredChanges.notify();
    });
    // The key says all the answer depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return useSyncExternalStore(offeredChanges.subscribe, () => offered.get(key) === true);
}
