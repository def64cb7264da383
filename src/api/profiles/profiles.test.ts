// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInSandboxProfile, redirectUrisFor, type BankProfile } from './bank-profile';
import { profileIssues, validProfile, type ProfileValidationError } from './profile-rules';
import { ACTIVE_PROFILE_STORAGE_KEY, PROFILE_TOKENS_STORAGE_KEY, PROFILES_STORAGE_KEY } from './profile-store';

const origin = window.location.origin;

const acme: BankProfile = {
  id: 'acme',
  name: 'Acme Bank',
  baseUrl: 'https://api.acme.example/psd2',
  psuHeaders: { psuId: 'PSU-1', psuIpAddress: '10.0.0.1' },
  sca: { redirectPreferred: false },
  bearerToken: 'secret-token',
};
/** acme as the store holds it: its token bound to the origin of the base_url it was entered with. */
const ACME_ORIGIN = 'https://api.acme.example';
const acmeHeld: BankProfile = { ...acme, bearerTokenOrigin: ACME_ORIGIN };

/** A fresh store that reads localStorage as a new page would. */
async function freshStore() {
  vi.resetModules();
  return import('./profile-store');
}

function issuesOf(value: unknown): Record<string, string> {
  return Object.fromEntries(profileIssues(value).map((issue) => [issue.path.join('.'), issue.message]));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('the bank profile rules', () => {
  it('accepts a full profile and drops unknown and empty fields', () => {
    const profile = validProfile({
      ...acme,
      extra: 1,
      psuHeaders: { ...acme.psuHeaders, psuUserAgent: '', psuIpPort: '8443' },
      redirectUri: '',
    });
    expect(profile).toEqual({
      ...acme,
      psuHeaders: { psuId: 'PSU-1', psuIpAddress: '10.0.0.1', psuIpPort: '8443' },
    });
  });

  it.each([
    'https://bank.example/psd2?x=1',
    'https://bank.example/psd2#top',
    'ftp://bank.example',
    'bank.example/psd2',
    'https://',
  ])('refuses the base_url %s with a plain message', (baseUrl) => {
    expect(issuesOf({ ...acme, baseUrl })).toEqual({
      baseUrl: expect.stringMatching(/^must be an http:\/\/ or https:\/\/ URL/) as unknown,
    });
  });

  it.each(['https://bank.example/psd2/', 'http://127.0.0.1:4318/sandbox', 'https://bank.example'])(
    'accepts the base_url %s',
    (baseUrl) => {
      expect(issuesOf({ ...acme, baseUrl })).toEqual({});
    },
  );

  it.each(['999.1.1.1', '1.2.3', '10.0.0.1.5', 'localhost', '2001:db8:::1', 'fe80::1%eth0', '[::1]'])(
    'refuses the PSU-IP-Address %s',
    (psuIpAddress) => {
      expect(issuesOf({ ...acme, psuHeaders: { psuIpAddress } })).toEqual({
        'psuHeaders.psuIpAddress': 'must be an IPv4 or IPv6 address, e.g. 192.168.0.10',
      });
    },
  );

  it.each(['192.168.0.10', '0.0.0.0', '2001:db8::1', '::1', '::ffff:192.0.2.1'])(
    'accepts the PSU-IP-Address %s',
    (psuIpAddress) => {
      expect(issuesOf({ ...acme, psuHeaders: { psuIpAddress } })).toEqual({});
    },
  );

  it('keeps a relay target id, drops an empty one and refuses one that cannot be an id', () => {
    expect(validProfile({ ...acme, relayTarget: 'bank-a' }).relayTarget).toBe('bank-a');
    expect(validProfile({ ...acme, relayTarget: '' })).not.toHaveProperty('relayTarget');
    for (const relayTarget of ['bank a', '../x', 'https://bank.example']) {
      expect(issuesOf({ ...acme, relayTarget })).toEqual({
        relayTarget: expect.stringMatching(/^must be the id of one of the relay’s targets/) as unknown,
      });
    }
    expect(issuesOf({ ...acme, relayTarget: 7 })).toEqual({ relayTarget: 'must be text' });
  });

  it('keeps an OAuth client_id, drops an empty one and refuses one with spaces', () => {
    expect(validProfile({ ...acme, oauthClientId: 'tpp-42' }).oauthClientId).toBe('tpp-42');
    expect(validProfile({ ...acme, oauthClientId: '' })).not.toHaveProperty('oauthClientId');
    for (const oauthClientId of ['tpp 42', 'x'.repeat(256), 'tpp\u00e9']) {
      expect(issuesOf({ ...acme, oauthClientId })).toEqual({
        oauthClientId: expect.stringMatching(/^must be printable ASCII without spaces/) as unknown,
      });
    }
  });

  it('names every other broken field', () => {
    expect(
      issuesOf({
        id: '',
        name: '  ',
        baseUrl: '',
        psuHeaders: { psuIpPort: '70000', psuGeoLocation: '52.5,13.1', psuId: 7 },
        sca: { redirectPreferred: 'yes' },
        redirectUri: 'not a uri',
      }),
    ).toEqual({
      id: 'id is required',
      name: 'Name is required',
      baseUrl: 'base_url is required',
      'psuHeaders.psuIpPort': 'must be a port number from 0 to 65535',
      'psuHeaders.psuGeoLocation': 'must look like GEO:52.506931;13.144558',
      'psuHeaders.psuId': 'must be text',
      'sca.redirectPreferred': 'must be true, false or not set',
      redirectUri: 'must be an absolute URI, e.g. https://tpp.example/callback',
    });
    expect(issuesOf(null)).toEqual({ '': 'A bank profile must be an object' });
  });
});

describe('profileStore', () => {
  it('starts with the built-in sandbox of this origin, active', async () => {
    const { profileStore } = await freshStore();
    expect(profileStore.list()).toEqual([builtInSandboxProfile(origin)]);
    expect(profileStore.active()).toMatchObject({
      id: 'sandbox',
      name: 'Embedded sandbox',
      baseUrl: `${origin}/sandbox`,
      builtIn: true,
      psuHeaders: { psuIpAddress: '192.168.0.10' },
    });
    expect(profileStore.active().psuHeaders.psuId).toBeUndefined();
  });

  it('persists saved profiles and the active one across page loads', async () => {
    const first = await freshStore();
    first.profileStore.save(acme);
    first.profileStore.setActive('acme');
    const { bearerToken: _token, ...acmeWithoutToken } = acme;
    expect(JSON.parse(localStorage.getItem(PROFILES_STORAGE_KEY) ?? '')).toEqual({ profiles: [acmeWithoutToken] });
    expect(localStorage.getItem(ACTIVE_PROFILE_STORAGE_KEY)).toBe('acme');

    const { profileStore } = await freshStore();
    expect(profileStore.list().map((p) => p.id)).toEqual(['sandbox', 'acme']);
    expect(profileStore.active()).toEqual(acmeHeld);
    expect(profileStore.get('acme')).toEqual(acmeHeld);
  });

  it('replaces a profile by id and keeps its place', async () => {
    const { profileStore } = await freshStore();
    profileStore.save(acme);
    profileStore.save({ ...acme, id: 'other', name: 'Other' });
    profileStore.save({ ...acme, name: 'Acme renamed' });
    expect(profileStore.list().map((p) => p.name)).toEqual(['Embedded sandbox', 'Acme renamed', 'Other']);
  });

  it('refuses an invalid profile with field-level issues and keeps nothing', async () => {
    const { profileStore } = await freshStore();
    const { ProfileValidationError } = await import('./profile-rules'); // the fresh store's copy
    const save = () => profileStore.save({ ...acme, baseUrl: 'nope', psuHeaders: { psuIpAddress: '300.1.1.1' } });
    expect(save).toThrow(ProfileValidationError);
    try {
      save();
    } catch (error) {
      expect((error as ProfileValidationError).issues.map((issue) => issue.path.join('.'))).toEqual([
        'baseUrl',
        'psuHeaders.psuIpAddress',
      ]);
    }
    expect(profileStore.list()).toHaveLength(1);
    expect(localStorage.getItem(PROFILES_STORAGE_KEY)).toBeNull();
  });

  it('keeps the built-in profile: it cannot be deleted, and its settings but not its base_url can be changed', async () => {
    const { profileStore } = await freshStore();
    expect(() => profileStore.remove('sandbox')).toThrow(/cannot be deleted/);
    profileStore.save({
      ...profileStore.active(),
      name: 'Renamed',
      baseUrl: 'https://elsewhere.example',
      psuHeaders: { psuId: 'alice', psuIpAddress: '192.168.0.10' },
      builtIn: false,
    });
    const { profileStore: reloaded } = await freshStore();
    expect(reloaded.list()).toHaveLength(1);
    expect(reloaded.active()).toMatchObject({
      id: 'sandbox',
      name: 'Embedded sandbox',
      baseUrl: `${origin}/sandbox`,
      builtIn: true,
      psuHeaders: { psuId: 'alice' },
    });
  });

  it('falls back to the sandbox when the active profile is removed', async () => {
    const { profileStore } = await freshStore();
    profileStore.save(acme);
    profileStore.setActive('acme');
    profileStore.remove('acme');
    expect(profileStore.active().id).toBe('sandbox');
    expect(() => profileStore.setActive('acme')).toThrow(/no bank profile with id "acme"/);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a profile list', '{"profiles": 3}'],
    ['a list of broken entries', '{"profiles": [null, 1, {"id": "x"}]}'],
  ])('survives corrupt storage: %s', async (_, stored) => {
    localStorage.setItem(PROFILES_STORAGE_KEY, stored);
    localStorage.setItem(ACTIVE_PROFILE_STORAGE_KEY, 'x');
    const { profileStore } = await freshStore();
    expect(profileStore.list()).toEqual([builtInSandboxProfile(origin)]);
    expect(profileStore.active().id).toBe('sandbox');
  });

  it('keeps the valid entries of a partly corrupt storage, the first of a repeated id', async () => {
    localStorage.setItem(
      PROFILES_STORAGE_KEY,
      JSON.stringify({ profiles: [{ ...acme, baseUrl: 'bad' }, acme, { ...acme, name: 'Second' }] }),
    );
    const { profileStore } = await freshStore();
    expect(profileStore.list().map((p) => p.name)).toEqual(['Embedded sandbox', 'Acme Bank']);
  });

  it('works when storage itself throws', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { profileStore } = await freshStore();
    expect(profileStore.active().id).toBe('sandbox');
    profileStore.save(acme);
    profileStore.setActive('acme');
    expect(profileStore.active().id).toBe('acme');
  });

  it('gives stable snapshots and notifies subscribers on change', async () => {
    const { profileStore } = await freshStore();
    const snapshot = profileStore.list();
    expect(profileStore.list()).toBe(snapshot);
    const listener = vi.fn();
    const unsubscribe = profileStore.subscribe(listener);
    profileStore.save(acme);
    profileStore.setActive('acme');
    profileStore.setActive('acme'); // no change, no notification
    unsubscribe();
    profileStore.remove('acme');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(profileStore.list()).not.toBe(snapshot);
  });

  it('re-renders useActiveProfile and useProfiles on a switch, and follows other tabs', async () => {
    const { profileStore, useActiveProfile, useProfiles } = await freshStore();
    profileStore.save(acme);
    const active = renderHook(() => useActiveProfile());
    const all = renderHook(() => useProfiles());
    expect(active.result.current.id).toBe('sandbox');
    act(() => profileStore.setActive('acme'));
    expect(active.result.current.id).toBe('acme');

    // Another tab removed every profile and switched back to the sandbox.
    act(() => {
      localStorage.setItem(PROFILES_STORAGE_KEY, '{"profiles":[]}');
      localStorage.setItem(ACTIVE_PROFILE_STORAGE_KEY, 'sandbox');
      window.dispatchEvent(new StorageEvent('storage', { key: PROFILES_STORAGE_KEY }));
    });
    expect(active.result.current.id).toBe('sandbox');
    expect(all.result.current).toHaveLength(1);
  });
});

describe('profileStore: the bearer token', () => {
  /** A new tab of the same browser: the same localStorage, a sessionStorage of its own. */
  async function newTab() {
    sessionStorage.clear();
    return freshStore();
  }

  it('keeps a saved token out of localStorage, in this tab’s session only', async () => {
    const { profileStore } = await freshStore();
    profileStore.save(acme);
    expect(localStorage.getItem(PROFILES_STORAGE_KEY)).not.toContain('secret-token');
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-token');
    expect(JSON.parse(sessionStorage.getItem(PROFILE_TOKENS_STORAGE_KEY) ?? '{}')).toEqual({
      acme: { token: 'secret-token', origin: ACME_ORIGIN },
    });
    expect(profileStore.get('acme')?.bearerToken).toBe('secret-token');
  });

  it('still has the token after a reload of the same tab, and not in a new tab', async () => {
    (await freshStore()).profileStore.save(acme);
    expect((await freshStore()).profileStore.get('acme')?.bearerToken).toBe('secret-token');
    const tab = await newTab();
    expect(tab.profileStore.get('acme')).toMatchObject({ id: 'acme', name: 'Acme Bank' });
    expect(tab.profileStore.get('acme')).not.toHaveProperty('bearerToken');
  });

  it('keeps the token in localStorage when the profile opts in, for new tabs too', async () => {
    (await freshStore()).profileStore.save({ ...acme, rememberToken: true });
    expect(JSON.parse(localStorage.getItem(PROFILES_STORAGE_KEY) ?? '')).toEqual({
      profiles: [{ ...acmeHeld, rememberToken: true }],
    });
    expect(sessionStorage.getItem(PROFILE_TOKENS_STORAGE_KEY)).toBeNull();
    expect((await newTab()).profileStore.get('acme')?.bearerToken).toBe('secret-token');
  });

  it('takes the token out of localStorage when the opt-in is withdrawn', async () => {
    const { profileStore } = await freshStore();
    profileStore.save({ ...acme, rememberToken: true });
    profileStore.save(acme);
    expect(localStorage.getItem(PROFILES_STORAGE_KEY)).not.toContain('secret-token');
    expect(profileStore.get('acme')?.bearerToken).toBe('secret-token');
    profileStore.remove('acme');
    expect(sessionStorage.getItem(PROFILE_TOKENS_STORAGE_KEY)).toBeNull();
  });

  it('moves a token stored in localStorage without the opt-in into this tab’s session, and says so', async () => {
    localStorage.setItem(PROFILES_STORAGE_KEY, JSON.stringify({ profiles: [acme] }));
    const { profileStore } = await freshStore();
    expect(profileStore.get('acme')?.bearerToken).toBe('secret-token');
    expect(localStorage.getItem(PROFILES_STORAGE_KEY)).not.toContain('secret-token');
    expect(JSON.parse(sessionStorage.getItem(PROFILE_TOKENS_STORAGE_KEY) ?? '{}')).toEqual({
      acme: { token: 'secret-token', origin: ACME_ORIGIN },
    });
    expect(profileStore.movedTokens()).toEqual(['acme']);

    // The notice stays for this tab until dismissed, also across a reload.
    expect((await freshStore()).profileStore.movedTokens()).toEqual(['acme']);
    const reloaded = await freshStore();
    reloaded.profileStore.dismissMovedTokens();
    expect(reloaded.profileStore.movedTokens()).toEqual([]);
    expect((await freshStore()).profileStore.movedTokens()).toEqual([]);
  });

  it('moves the token of the built-in profile too', async () => {
    const sandbox = { ...builtInSandboxProfile(origin), bearerToken: 'sandbox-token' };
    localStorage.setItem(PROFILES_STORAGE_KEY, JSON.stringify({ profiles: [sandbox] }));
    const { profileStore } = await freshStore();
    expect(profileStore.active().bearerToken).toBe('sandbox-token');
    expect(localStorage.getItem(PROFILES_STORAGE_KEY) ?? '').not.toContain('sandbox-token');
    expect((await newTab()).profileStore.active()).toEqual(builtInSandboxProfile(origin));
  });

  it('imports a file’s token for this tab only, unless the file’s profile opts in', async () => {
    const { profileStore } = await freshStore();
    const file = JSON.stringify({
      profiles: [acme, { ...acme, id: 'kept', name: 'Kept', bearerToken: 'kept-token', rememberToken: true }],
    });
    expect(profileStore.importJson(file)).toMatchObject({ imported: 2, tokensForThisTab: 1 });
    expect(profileStore.get('acme')?.bearerToken).toBe('secret-token');
    const stored = localStorage.getItem(PROFILES_STORAGE_KEY) ?? '';
    expect(stored).not.toContain('secret-token');
    expect(stored).toContain('kept-token');
    const tab = await newTab();
    expect(tab.profileStore.get('acme')).not.toHaveProperty('bearerToken');
    expect(tab.profileStore.get('kept')?.bearerToken).toBe('kept-token');
  });

  it('exports the token held for this tab, so an export still carries it (the page warns)', async () => {
    const { profileStore } = await freshStore();
    profileStore.save(acme);
    expect(JSON.parse(profileStore.exportJson())).toEqual({ profiles: [acme] });
  });
});

describe('profileStore: a token belongs to the origin it was given for', () => {
  const B = 'https://bank-b.example';

  it('drops the bearer tokens an earlier version kept for the tab by profile id alone', async () => {
    const { bearerToken: _token, ...withoutToken } = acme;
    localStorage.setItem(PROFILES_STORAGE_KEY, JSON.stringify({ profiles: [withoutToken] }));
    sessionStorage.setItem('xs2a-console.profile-tokens.v1', JSON.stringify({ acme: 'secret-token' }));
    const { profileStore } = await freshStore();
    expect(profileStore.get('acme')).not.toHaveProperty('bearerToken');
    expect(sessionStorage.getItem('xs2a-console.profile-tokens.v1')).toBeNull();
  });

  it('binds a remembered token stored without its origin to the base_url stored beside it', async () => {
    localStorage.setItem(PROFILES_STORAGE_KEY, JSON.stringify({ profiles: [{ ...acme, rememberToken: true }] }));
    const { profileStore } = await freshStore();
    expect(profileStore.get('acme')).toMatchObject({ bearerToken: 'secret-token', bearerTokenOrigin: ACME_ORIGIN });
    expect(localStorage.getItem(PROFILES_STORAGE_KEY)).toContain(ACME_ORIGIN);
  });

  it('drops a stored token whose origin is not its base_url’s, wherever it is kept', async () => {
    localStorage.setItem(
      PROFILES_STORAGE_KEY,
      JSON.stringify({
        profiles: [
          { ...acme, rememberToken: true, bearerTokenOrigin: B },
          { ...acme, id: 'tab', name: 'Tab', bearerToken: undefined },
        ],
      }),
    );
    sessionStorage.setItem(PROFILE_TOKENS_STORAGE_KEY, JSON.stringify({ tab: { token: 'tab-token', origin: B } }));
    const { profileStore } = await freshStore();
    expect(profileStore.get('acme')).not.toHaveProperty('bearerToken');
    expect(profileStore.get('tab')).not.toHaveProperty('bearerToken');
    expect(localStorage.getItem(PROFILES_STORAGE_KEY)).not.toContain('secret-token');
    expect(sessionStorage.getItem(PROFILE_TOKENS_STORAGE_KEY)).toBeNull();
  });

  it('drops the bearer token when an edit moves the base_url to another origin, and keeps one typed anew', async () => {
    const { profileStore } = await freshStore();
    profileStore.save(acme);
    expect(profileStore.save({ ...acme, baseUrl: `${ACME_ORIGIN}/v2` }).droppedTokens).toEqual([]);
    expect(profileStore.get('acme')?.bearerToken).toBe('secret-token');

    expect(profileStore.save({ ...acme, baseUrl: `${B}/psd2` }).droppedTokens).toEqual([
      { profileName: 'Acme Bank', from: ACME_ORIGIN, to: B, kinds: ['bearer token'] },
    ]);
    expect(profileStore.get('acme')).not.toHaveProperty('bearerToken');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret-token');

    profileStore.save({ ...acme, baseUrl: `${B}/psd2`, bearerToken: 'token-for-b' });
    expect(profileStore.get('acme')).toMatchObject({ bearerToken: 'token-for-b', bearerTokenOrigin: B });
  });

  it('previews an import without changing anything: what it adds, what it replaces and whether it moves', async () => {
    const { profileStore } = await freshStore();
    profileStore.save(acme);
    const file = JSON.stringify({
      profiles: [
        { ...acme, name: 'Acme at B', baseUrl: `${B}/psd2` },
        { ...acme, id: 'new', name: 'New' },
      ],
    });
    const plan = profileStore.previewImport(file);
    expect(plan.added.map((profile) => profile.name)).toEqual(['New']);
    expect(plan.replaced).toEqual([
      {
        before: acmeHeld,
        after: expect.objectContaining({ name: 'Acme at B', baseUrl: `${B}/psd2` }) as unknown,
        otherOrigin: true,
      },
    ]);
    // The file's token is the one the profile had, entered for the old origin: it does not move with the base_url.
    expect(plan.replaced[0]?.after).not.toHaveProperty('bearerToken');
    expect(profileStore.get('acme')).toEqual(acmeHeld);
    expect(profileStore.get('new')).toBeUndefined();
    expect(() => profileStore.previewImport('{')).toThrow(/not valid JSON/);
  });

  it('counts what an import added and replaced, and names the tokens it dropped', async () => {
    const { profileStore } = await freshStore();
    profileStore.save(acme);
    const outcome = profileStore.importJson(
      JSON.stringify({
        profiles: [
          { ...acme, bearerToken: undefined, baseUrl: `${B}/psd2` },
          { ...acme, id: 'new', name: 'New', bearerToken: 'new-token', bearerTokenOrigin: 'https://elsewhere.example' },
          { ...acme, id: 'fresh', name: 'Fresh', bearerToken: 'fresh-token' },
        ],
      }),
    );
    expect(outcome).toEqual({
      imported: 3,
      added: 2,
      replaced: 1,
      tokensForThisTab: 1,
      droppedTokens: [
        { profileName: 'Acme Bank', from: ACME_ORIGIN, to: B, kinds: ['bearer token'] },
        { profileName: 'New', from: 'https://elsewhere.example', to: ACME_ORIGIN, kinds: ['bearer token'] },
      ],
    });
    expect(profileStore.get('fresh')).toMatchObject({ bearerToken: 'fresh-token', bearerTokenOrigin: ACME_ORIGIN });
    // An export leaves the origins out: an imported token belongs to the base_url beside it.
    expect(profileStore.exportJson()).not.toContain('bearerTokenOrigin');
  });
});

describe('profileStore import and export', () => {
  it('exports the user profiles only, as pretty JSON, and imports them into another browser', async () => {
    const first = await freshStore();
    first.profileStore.save(acme);
    const exported = first.profileStore.exportJson();
    expect(exported).toContain('\n  "profiles": [\n');
    expect(JSON.parse(exported)).toEqual({ profiles: [acme] });

    localStorage.clear();
    const { profileStore } = await freshStore();
    expect(profileStore.importJson(exported)).toMatchObject({ imported: 1, tokensForThisTab: 1 });
    expect(profileStore.list()).toEqual([builtInSandboxProfile(origin), acmeHeld]);
  });

  it('gives imported profiles without an id, or with the built-in one, ids of their own', async () => {
    const { profileStore } = await freshStore();
    const { imported } = profileStore.importJson(
      JSON.stringify([
        { name: 'No id', baseUrl: 'https://a.example' },
        { id: 'sandbox', name: 'Not the sandbox', baseUrl: 'https://b.example', builtIn: true },
      ]),
    );
    expect(imported).toBe(2);
    const [sandbox, a, b] = profileStore.list();
    expect(sandbox?.name).toBe('Embedded sandbox');
    expect(a).toMatchObject({ name: 'No id', psuHeaders: {}, sca: {} });
    expect(b?.id).not.toBe('sandbox');
    expect(b?.builtIn).toBeUndefined();
  });

  it.each([
    ['bad JSON', '{"profiles": [', /^The file is not valid JSON/],
    ['another document', '{"banks": []}', /does not hold bank profiles: expected \{ "profiles": \[ … \] \}/],
    ['an empty list', '{"profiles": []}', /holds no bank profiles/],
    ['a non-object entry', '{"profiles": ["acme"]}', /^Profile 1 is not an object\.$/],
  ])('refuses %s with a plain message', async (_, text, message) => {
    const { profileStore, ProfileImportError } = await freshStore();
    expect(() => profileStore.importJson(text)).toThrow(ProfileImportError);
    expect(() => profileStore.importJson(text)).toThrow(message);
  });

  it('carries the OAuth client_id through export and import, and names it when it is wrong', async () => {
    const first = await freshStore();
    first.profileStore.save({ ...acme, oauthClientId: 'tpp-42' });
    const exported = first.profileStore.exportJson();
    localStorage.clear();
    const { profileStore } = await freshStore();
    profileStore.importJson(exported);
    expect(profileStore.get('acme')?.oauthClientId).toBe('tpp-42');
    expect(() => profileStore.importJson(JSON.stringify({ profiles: [{ ...acme, oauthClientId: 'a b' }] }))).toThrow(
      /OAuth client_id must be printable ASCII without spaces/,
    );
  });

  it('carries the request timeout through export and import; a profile without one still imports', async () => {
    const first = await freshStore();
    first.profileStore.save({ ...acme, timeoutSeconds: 120 });
    expect(JSON.parse(first.profileStore.exportJson())).toEqual({ profiles: [{ ...acme, timeoutSeconds: 120 }] });
    const { id: _id, ...older } = acme;
    const file = JSON.stringify({
      profiles: [
        { ...acme, timeoutSeconds: 120 },
        { ...older, name: 'Older export' },
      ],
    });
    localStorage.clear();
    const second = await freshStore();
    expect(second.profileStore.importJson(file).imported).toBe(2);
    const [, timed, untimed] = second.profileStore.list();
    expect(timed?.timeoutSeconds).toBe(120);
    expect(untimed?.name).toBe('Older export');
    expect(untimed).not.toHaveProperty('timeoutSeconds');
    expect(validProfile(acme)).toEqual(acme);
    for (const timeoutSeconds of [0, 301, 1.5, '30']) {
      const wrong = JSON.stringify({ profiles: [{ ...acme, timeoutSeconds }] });
      expect(() => second.profileStore.importJson(wrong), String(timeoutSeconds)).toThrow(
        /Request timeout must be a whole number of seconds from 1 to 300/,
      );
    }
  });

  it('imports nothing when one profile is invalid, and says which and why', async () => {
    const { profileStore } = await freshStore();
    const text = JSON.stringify({
      profiles: [acme, { ...acme, id: 'b', name: 'Broken', baseUrl: 'ftp://x', psuHeaders: { psuIpAddress: 'x' } }],
    });
    expect(() => profileStore.importJson(text)).toThrow(
      'Profile 2 ("Broken") cannot be imported: base_url must be an http:// or https:// URL without ?query or #fragment, e.g. https://bank.example/psd2; PSU-IP-Address must be an IPv4 or IPv6 address, e.g. 192.168.0.10.',
    );
    expect(profileStore.list()).toHaveLength(1);
  });
});

describe('redirectUrisFor', () => {
  it("uses the console's callback pages by default, with the state", () => {
    expect(redirectUrisFor(builtInSandboxProfile(origin), { state: 'abc' })).toEqual({
      ok: `${origin}/callback/ok?state=abc`,
      nok: `${origin}/callback/nok?state=abc`,
    });
  });

  it("appends the state to the profile's own URIs, keeping their query", () => {
    const profile = {
      ...acme,
      redirectUri: 'https://tpp.example/done?app=1',
      nokRedirectUri: 'https://tpp.example/failed',
    };
    expect(redirectUrisFor(profile, { state: 'a b' })).toEqual({
      ok: 'https://tpp.example/done?app=1&state=a+b',
      nok: 'https://tpp.example/failed?state=a+b',
    });
  });
});
