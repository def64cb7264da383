/**
 * The bank profiles of this browser, persisted in localStorage:
 * - `xs2a-console.profiles.v1`: `{ "profiles": BankProfile[] }`, the user's profiles (and, under id 'sandbox', the
 *   user's settings for the built-in one, whose base_url always follows the console's origin), without their bearer
 *   tokens, except for a profile whose user chose to remember it (`rememberToken`, with `bearerTokenOrigin`);
 * - `xs2a-console.active-profile.v1`: the active profile's id.
 * The other bearer tokens live in this tab's sessionStorage, like the OAuth session tokens: they survive a reload and the
 * bank's redirect, and end with the tab.
 * - `xs2a-console.profile-tokens.v2`: `{ [profileId]: { token, origin } }`;
 * - `xs2a-console.moved-tokens.v1`: the ids of profiles whose token an earlier version kept in localStorage and this
 *   tab moved to its session, for Settings to say so until dismissed.
 * Unreadable or invalid entries are skipped, so a corrupt storage never stops the console (it falls back to the sandbox).
 *
 * Every token of a profile (its bearer token, its OAuth session tokens, the sandbox's admin token) belongs to the origin
 * of the base_url it was given for. When a profile's base_url comes to point to another origin (an edit, an import under
 * the same id), the tokens kept for the old origin are dropped, and save and import say which; a new path under the
 * same origin keeps them.
 */
import { useSyncExternalStore } from 'react';
import { sessionTokens } from '../oauth/session-tokens';
import { adminTokens } from '../sandbox-admin/admin-token';
import { isBoundToken, originOf, type BoundToken } from '../urls';
import { builtInSandboxProfile, consoleOrigin, SANDBOX_PROFILE_ID, type BankProfile } from './bank-profile';
import { cleanProfile, profileIssues, validProfile, type ProfileIssue } from './profile-rules';

export const PROFILES_STORAGE_KEY = 'xs2a-console.profiles.v1';
export const ACTIVE_PROFILE_STORAGE_KEY = 'xs2a-console.active-profile.v1';
/** In sessionStorage. */
export const PROFILE_TOKENS_STORAGE_KEY = 'xs2a-console.profile-tokens.v2';
/**
 * In sessionStorage, by an earlier version: `{ [profileId]: token }`, without the origin. Dropped on the first read,
 * not bound to the profile's current base_url: a token kept by profile id alone may have outlived an import that gave
 * the id to a profile of another bank, so binding it could hand it to that bank. It lasted for the tab only anyway.
 */
const LEGACY_PROFILE_TOKENS_STORAGE_KEY = 'xs2a-console.profile-tokens.v1';
/** In sessionStorage. */
export const MOVED_TOKENS_STORAGE_KEY = 'xs2a-console.moved-tokens.v1';

/** A profile file that cannot be imported; the message is meant for the user as it is. */
export class ProfileImportError extends Error {
  override name = 'ProfileImportError';
}

/** The tokens a profile can hold, as Settings names them. */
export type TokenKind = 'bearer token' | 'OAuth session' | 'sandbox admin token';

/** Tokens of a profile dropped because its base_url now points to another origin than the one they were given for. */
export interface DroppedTokens {
  profileName: string;
  /** The origin the tokens were given for. */
  from: string;
  /** The origin of the profile's base_url now. */
  to: string;
  kinds: TokenKind[];
}

/** What an import would do: the profiles it adds and the ones it replaces (same id), before and after. */
export interface ImportPlan {
  added: BankProfile[];
  replaced: { before: BankProfile; after: BankProfile; otherOrigin: boolean }[];
}

export interface ImportOutcome {
  /** Profiles of the file now in the browser: added plus replaced. */
  imported: number;
  added: number;
  replaced: number;
  /** Imported bearer tokens held for this tab only (their profile does not opt in to being remembered). */
  tokensForThisTab: number;
  droppedTokens: DroppedTokens[];
}

interface State {
  profiles: BankProfile[];
  active: BankProfile;
  /** Ids of profiles whose token was moved from localStorage to this tab's session. */
  movedTokens: readonly string[];
}

let state: State | undefined;
const listeners = new Set<() => void>();

type Area = 'local' | 'session';

function storage(area: Area): Storage | undefined {
  try {
    if (area === 'session') return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // access itself can throw when storage is blocked
  }
}

function readItem(key: string, area: Area = 'local'): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes the value, or removes the item for null. */
function writeItem(key: string, value: string | null, area: Area = 'local'): void {
  try {
    if (value === null) storage(area)?.removeItem(key);
    else storage(area)?.setItem(key, value);
  } catch {
    // Full or blocked storage: the profiles still work for this page's lifetime.
  }
}

function readJson(key: string, area: Area): unknown {
  try {
    return JSON.parse(readItem(key, area) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/** The bearer tokens this tab holds, by profile id, each with its origin. */
function readSessionTokens(): Record<string, BoundToken> {
  const stored = readJson(PROFILE_TOKENS_STORAGE_KEY, 'session');
  const tokens: Record<string, BoundToken> = {};
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return tokens;
  for (const [id, entry] of Object.entries(stored)) if (isBoundToken(entry)) tokens[id] = entry;
  return tokens;
}

function readMovedTokens(): string[] {
  const stored = readJson(MOVED_TOKENS_STORAGE_KEY, 'session');
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

function withoutToken(profile: BankProfile): BankProfile {
  const { bearerToken: _token, bearerTokenOrigin: _origin, ...rest } = profile;
  return rest;
}

/** The array of profile candidates in a stored or imported document: `{ profiles: [...] }` or a bare array. */
function profileArray(document: unknown): unknown[] | undefined {
  const list: unknown = Array.isArray(document) ? document : (document as { profiles?: unknown } | null)?.profiles;
  return Array.isArray(list) ? (list as unknown[]) : undefined;
}

function readStoredProfiles(): BankProfile[] {
  const text = readItem(PROFILES_STORAGE_KEY);
  if (text === null) return [];
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return [];
  }
  const seen = new Set<string>();
  const profiles: BankProfile[] = [];
  for (const candidate of profileArray(document) ?? []) {
    if (profileIssues(candidate).length > 0) continue;
    const profile = cleanProfile(candidate as BankProfile);
    if (seen.has(profile.id)) continue;
    seen.add(profile.id);
    profiles.push(profile);
  }
  return profiles;
}

/** The built-in profile with the user's settings applied; its id, name and base_url stay the built-in's. */
function sandboxProfile(settings: BankProfile | undefined): BankProfile {
  const builtIn = builtInSandboxProfile(consoleOrigin());
  if (!settings) return builtIn;
  return { ...settings, id: builtIn.id, name: builtIn.name, baseUrl: builtIn.baseUrl, builtIn: true };
}

function withActive(profiles: BankProfile[], activeId: string | null, movedTokens: readonly string[] = []): State {
  const active = profiles.find((profile) => profile.id === activeId) ?? profiles[0];
  if (!active) throw new Error('the profile list always holds the built-in profile');
  return { profiles, active, movedTokens };
}

/**
 * The stored profiles with their tokens: a remembered one's from localStorage, the others' from this tab's session, each
 * only while the profile's base_url has the origin the token was entered for. A token found in localStorage without the
 * opt-in (kept there by an earlier version) moves to this tab's session.
 *
 * A token in a profile's own localStorage record without its origin (stored by an earlier version) is bound to the
 * base_url stored beside it, in the same record: that is the profile as the user saved it. Tokens the tab kept by
 * profile id alone are dropped instead (see LEGACY_PROFILE_TOKENS_STORAGE_KEY).
 */
function load(): State {
  writeItem(LEGACY_PROFILE_TOKENS_STORAGE_KEY, null, 'session');
  const sessionHeld = readSessionTokens();
  const moved = new Set(readMovedTokens());
  let rewrite = false;
  const stored = readStoredProfiles();
  const storedSandbox = stored.find((profile) => profile.id === SANDBOX_PROFILE_ID);
  const records = [
    { profile: sandboxProfile(storedSandbox), recordBaseUrl: storedSandbox?.baseUrl },
    ...stored
      .filter((profile) => profile.id !== SANDBOX_PROFILE_ID)
      .map((profile) => ({ profile, recordBaseUrl: profile.baseUrl })),
  ];
  const profiles = records.map(({ profile, recordBaseUrl }) => {
    const origin = originOf(profile.baseUrl);
    if (profile.bearerToken !== undefined) {
      const tokenOrigin = profile.bearerTokenOrigin ?? originOf(recordBaseUrl ?? '');
      const bound = tokenOrigin !== undefined && tokenOrigin === origin;
      // Stored again now: a token dropped, an origin written down, or a token moved to this tab.
      if (!bound || profile.bearerTokenOrigin === undefined || !profile.rememberToken) rewrite = true;
      if (!bound) return withoutToken(profile);
      if (profile.rememberToken) return { ...profile, bearerTokenOrigin: tokenOrigin };
      sessionHeld[profile.id] ??= { token: profile.bearerToken, origin: tokenOrigin };
      moved.add(profile.id);
    }
    const held = sessionHeld[profile.id];
    const rest = withoutToken(profile);
    return held && held.origin === origin ? { ...rest, bearerToken: held.token, bearerTokenOrigin: held.origin } : rest;
  });
  const loaded = withActive(profiles, readItem(ACTIVE_PROFILE_STORAGE_KEY), [...moved]);
  if (rewrite) persist(loaded); // a moved token leaves localStorage now, not at the next change
  return loaded;
}

function current(): State {
  state ??= load();
  return state;
}

function isDefaultSandbox(profile: BankProfile): boolean {
  return JSON.stringify(profile) === JSON.stringify(builtInSandboxProfile(consoleOrigin()));
}

/** Writes the profiles to localStorage, each token where its profile keeps it, and what this tab moved. */
function persist(next: State): void {
  const local = next.profiles.map((profile) => (profile.rememberToken ? profile : withoutToken(profile)));
  const stored = local.filter((profile) => !profile.builtIn || !isDefaultSandbox(profile));
  writeItem(PROFILES_STORAGE_KEY, JSON.stringify({ profiles: stored }));
  writeItem(ACTIVE_PROFILE_STORAGE_KEY, next.active.id);
  const tokens: Record<string, BoundToken> = {};
  for (const { id, bearerToken, bearerTokenOrigin, rememberToken } of next.profiles) {
    if (bearerToken !== undefined && bearerTokenOrigin !== undefined && !rememberToken) {
      tokens[id] = { token: bearerToken, origin: bearerTokenOrigin };
    }
  }
  writeItem(PROFILE_TOKENS_STORAGE_KEY, Object.keys(tokens).length > 0 ? JSON.stringify(tokens) : null, 'session');
  writeItem(MOVED_TOKENS_STORAGE_KEY, next.movedTokens.length > 0 ? JSON.stringify(next.movedTokens) : null, 'session');
}

function commit(next: State): void {
  // The notice of a moved token ends with the profile, or once its token is remembered again.
  const movedTokens = next.movedTokens.filter((id) =>
    next.profiles.some((profile) => profile.id === id && !profile.rememberToken),
  );
  state = movedTokens.length === next.movedTokens.length ? next : { ...next, movedTokens };
  persist(state);
  for (const listener of listeners) listener();
}

/** Another tab changed the profiles: pick the change up. */
function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== PROFILES_STORAGE_KEY && event.key !== ACTIVE_PROFILE_STORAGE_KEY) return;
  state = load();
  for (const listener of listeners) listener();
}

/** A fresh id for a new profile. */
export function newProfileId(): string {
  return `profile-${crypto.randomUUID()}`;
}

/**
 * A profile about to replace `before` (same id, or none), with its bearer token bound to an origin, and the tokens
 * given for another origin than its base_url's dropped: its bearer token, and (`apply`) its OAuth session tokens and
 * the sandbox's admin token. A bearer token the profile had keeps the origin it was entered for, also when it comes
 * back unchanged from the form or a file; a new one is entered for the base_url beside it.
 */
function bindTokens(
  before: BankProfile | undefined,
  after: BankProfile,
  apply: boolean,
): { profile: BankProfile; dropped: DroppedTokens[] } {
  const origin = originOf(after.baseUrl) ?? after.baseUrl;
  const dropped = new Map<string, TokenKind[]>();
  const drop = (from: string, kind: TokenKind) => dropped.set(from, [...(dropped.get(from) ?? []), kind]);
  let profile = after;
  if (after.bearerToken !== undefined) {
    const kept = before?.bearerToken !== undefined && before.bearerToken === after.bearerToken;
    const tokenOrigin = kept ? before.bearerTokenOrigin : (after.bearerTokenOrigin ?? origin);
    if (tokenOrigin === origin) profile = { ...after, bearerTokenOrigin: origin };
    else {
      profile = withoutToken(after);
      drop(tokenOrigin ?? 'an unknown origin', 'bearer token');
    }
  } else if (before?.bearerToken !== undefined && before.bearerTokenOrigin !== origin) {
    // Replaced without a token: the old one was meant for another bank, which the message names.
    drop(before.bearerTokenOrigin ?? 'an unknown origin', 'bearer token');
  }
  if (apply) {
    for (const from of sessionTokens.keepOnlyFor(after.id, origin)) drop(from, 'OAuth session');
    for (const from of adminTokens.keepOnlyFor(after.id, origin)) drop(from, 'sandbox admin token');
  }
  const list = [...dropped].map(([from, kinds]) => ({ profileName: profile.name, from, to: origin, kinds }));
  return { profile, dropped: list };
}

function upsert(profiles: BankProfile[], profile: BankProfile): BankProfile[] {
  const index = profiles.findIndex((existing) => existing.id === profile.id);
  if (index < 0) return [...profiles, profile];
  return profiles.map((existing, i) => (i === index ? profile : existing));
}

const fieldNames: Record<string, string> = {
  baseUrl: 'base_url',
  'psuHeaders.psuIpAddress': 'PSU-IP-Address',
  'psuHeaders.psuIpPort': 'PSU-IP-Port',
  'psuHeaders.psuGeoLocation': 'PSU-Geo-Location',
  redirectUri: 'TPP-Redirect-URI',
  nokRedirectUri: 'TPP-Nok-Redirect-URI',
  oauthClientId: 'OAuth client_id',
  timeoutSeconds: 'Request timeout',
};

function describeIssue(issue: ProfileIssue): string {
  const path = issue.path.join('.');
  const field = fieldNames[path] ?? path;
  return field && /^[a-z]/.test(issue.message) ? `${field} ${issue.message}` : issue.message;
}

function importCandidate(candidate: unknown, position: number): BankProfile {
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
    throw new ProfileImportError(`Profile ${position} is not an object.`);
  }
  const record = candidate as Record<string, unknown>;
  const id =
    typeof record.id === 'string' && record.id && record.id !== SANDBOX_PROFILE_ID ? record.id : newProfileId();
  const { builtIn: _builtIn, ...fields } = record;
  const profile = { psuHeaders: {}, sca: {}, ...fields, id };
  const issues = profileIssues(profile);
  if (issues.length > 0) {
    const name = typeof record.name === 'string' && record.name.trim() ? ` ("${record.name}")` : '';
    throw new ProfileImportError(
      `Profile ${position}${name} cannot be imported: ${issues.map(describeIssue).join('; ')}.`,
    );
  }
  return cleanProfile(profile as BankProfile);
}

/** The profiles of an exported file, each valid, or a ProfileImportError saying what is wrong. */
function importedProfiles(text: string): BankProfile[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ProfileImportError('The file is not valid JSON. Choose a file exported from the console’s Settings.');
  }
  const candidates = profileArray(document);
  if (!candidates) {
    throw new ProfileImportError('The file does not hold bank profiles: expected { "profiles": [ … ] }.');
  }
  if (candidates.length === 0) throw new ProfileImportError('The file holds no bank profiles.');
  return candidates.map((candidate, index) => importCandidate(candidate, index + 1));
}

export const profileStore = {
  /** The built-in profile first, then the user's. The array keeps its identity until something changes. */
  list: (): BankProfile[] => current().profiles,
  get: (id: string): BankProfile | undefined => current().profiles.find((profile) => profile.id === id),
  /** The active profile; the built-in sandbox when none was chosen or the chosen one is gone. */
  active: (): BankProfile => current().active,
  /**
   * Inserts or replaces a profile by id after validating it: a ProfileValidationError's issues carry the field paths
   * and the same messages as the profile form shows (profileIssues).
   * Saving the built-in profile keeps its settings; its name and base_url stay the built-in's.
   * A base_url on another origin than before drops the tokens kept for the old one (`droppedTokens` says which).
   */
  save: (profile: BankProfile): { droppedTokens: DroppedTokens[] } => {
    const parsed = validProfile(profile);
    const { profiles, active, movedTokens } = current();
    const { builtIn: _builtIn, ...userProfile } = parsed;
    const next = parsed.id === SANDBOX_PROFILE_ID ? sandboxProfile(parsed) : userProfile;
    const before = profiles.find((existing) => existing.id === next.id);
    const bound = bindTokens(before, next, true);
    commit(withActive(upsert(profiles, bound.profile), active.id, movedTokens));
    return { droppedTokens: bound.dropped };
  },
  remove: (id: string): void => {
    if (id === SANDBOX_PROFILE_ID) throw new Error('The embedded sandbox profile cannot be deleted.');
    const { profiles, active, movedTokens } = current();
    if (!profiles.some((profile) => profile.id === id)) return;
    commit(
      withActive(
        profiles.filter((profile) => profile.id !== id),
        active.id,
        movedTokens,
      ),
    );
  },
  setActive: (id: string): void => {
    const { profiles, active, movedTokens } = current();
    if (active.id === id) return;
    if (!profiles.some((profile) => profile.id === id)) throw new Error(`There is no bank profile with id "${id}".`);
    commit(withActive(profiles, id, movedTokens));
  },
  subscribe: (listener: () => void): (() => void) => {
    if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
    };
  },
  /**
   * The user's profiles (not the built-in one) as pretty JSON, with the tokens this tab holds: `{ "profiles": [...] }`.
   * A token's origin is left out: an imported token belongs to the base_url beside it in the file.
   */
  exportJson: (): string => {
    const profiles = current()
      .profiles.filter((profile) => !profile.builtIn)
      .map(({ bearerTokenOrigin: _origin, ...profile }) => profile);
    return `${JSON.stringify({ profiles }, null, 2)}\n`;
  },
  /**
   * What importing the file would do, changing nothing: the profiles it adds and those it replaces (same id), so that
   * the user is asked first. Throws a ProfileImportError like importJson.
   */
  previewImport: (text: string): ImportPlan => {
    const plan: ImportPlan = { added: [], replaced: [] };
    let profiles = current().profiles;
    const existing = new Map(profiles.map((profile) => [profile.id, profile]));
    for (const incoming of importedProfiles(text)) {
      const after = bindTokens(
        profiles.find((profile) => profile.id === incoming.id),
        incoming,
        false,
      ).profile;
      profiles = upsert(profiles, after);
      const before = existing.get(incoming.id);
      plan.added = plan.added.filter((profile) => profile.id !== incoming.id);
      plan.replaced = plan.replaced.filter((entry) => entry.after.id !== incoming.id);
      if (before) {
        plan.replaced.push({ before, after, otherOrigin: originOf(before.baseUrl) !== originOf(after.baseUrl) });
      } else plan.added.push(after);
    }
    return plan;
  },
  /**
   * Adds the profiles of an exported file; a profile with a known id replaces it (ask first: previewImport). Nothing
   * is imported unless every profile is valid; the ProfileImportError's message says what is wrong, in plain words. A
   * token comes in for this tab only unless its profile in the file opts in to being remembered. A replaced profile
   * whose base_url moves to another origin loses the tokens kept for the old one (`droppedTokens`).
   */
  importJson: (text: string): ImportOutcome => {
    const imported = importedProfiles(text);
    const { profiles, active, movedTokens } = current();
    const known = new Set(profiles.map((profile) => profile.id));
    let next = profiles;
    const droppedTokens: DroppedTokens[] = [];
    for (const incoming of imported) {
      const bound = bindTokens(
        next.find((profile) => profile.id === incoming.id),
        incoming,
        true,
      );
      next = upsert(next, bound.profile);
      droppedTokens.push(...bound.dropped);
    }
    commit(withActive(next, active.id, movedTokens));
    const ids = new Set(imported.map((profile) => profile.id));
    const replaced = [...ids].filter((id) => known.has(id)).length;
    const tokensForThisTab = next.filter(
      (profile) => ids.has(profile.id) && profile.bearerToken && !profile.rememberToken,
    ).length;
    return { imported: ids.size, added: ids.size - replaced, replaced, tokensForThisTab, droppedTokens };
  },
  /** Ids of profiles whose bearer token this tab moved out of localStorage (kept there without the opt-in). */
  movedTokens: (): readonly string[] => current().movedTokens,
  /** Settings have said so: no more notice. */
  dismissMovedTokens: (): void => {
    const now = current();
    if (now.movedTokens.length > 0) commit({ ...now, movedTokens: [] });
  },
};

/** All profiles, re-rendering on every change. */
export function useProfiles(): BankProfile[] {
  return useSyncExternalStore(profileStore.subscribe, profileStore.list, profileStore.list);
}

/** Ids of profiles whose token this tab moved out of localStorage, until Settings dismiss the notice. */
export function useMovedTokens(): readonly string[] {
  return useSyncExternalStore(profileStore.subscribe, profileStore.movedTokens, profileStore.movedTokens);
}

/** The active profile, re-rendering when the user switches or edits it. */
export function useActiveProfile(): BankProfile {
  return useSyncExternalStore(profileStore.subscribe, profileStore.active, profileStore.active);
}
