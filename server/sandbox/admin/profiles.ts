// Bank behaviour profiles, switched at run time through the admin API. Two kinds: bank presets, each a whole bank as
// real ones are built (every implementer option real banks differ in, set together: SCA approaches, how authorisations
// start, PSU-ID at initiation, bank-offered consents, frequencyPerDay, page size, absolute links; signing baskets are
// absent in all), and single options, which change only the one option they name and leave the rest as started.
import type { Hono } from 'hono';
import type { SandboxConfig } from '../config';
import type { Env } from '../http/respond';
import { AdminError, readAdminJson } from './http';
import type { AdminSettings } from './settings';

/** The options a profile may set. */
export const PROFILE_KEYS = [
  'scaApproaches',
  'defaultScaApproach',
  'scaRedirect',
  'authorisationStart',
  'psuIdRequired',
  'bankOfferedConsents',
  'maxFrequencyPerDay',
  'transactionsPageSize',
  'absoluteLinks',
] as const satisfies readonly (keyof SandboxConfig)[];

type ProfileKey = (typeof PROFILE_KEYS)[number];
export type ProfileOptions = Pick<SandboxConfig, ProfileKey>;

export interface Profile {
  /** `preset`: a whole bank (every option set); `option`: one option changed, the rest as the sandbox was started. */
  kind: 'preset' | 'option';
  description: string;
  options: Partial<ProfileOptions>;
}

export const STANDARD_PROFILE = 'standard';

/** Every profile offers no signing baskets: this bank has none, as many real banks. */
const FIXED = { signingBaskets: false };

/** What a preset leaves as the spec's common case unless it says otherwise. */
const PRESET_BASE: ProfileOptions = {
  scaApproaches: ['REDIRECT', 'EMBEDDED', 'DECOUPLED'],
  defaultScaApproach: 'REDIRECT',
  scaRedirect: 'page',
  authorisationStart: 'tpp-choice',
  psuIdRequired: false,
  bankOfferedConsents: true,
  maxFrequencyPerDay: null,
  transactionsPageSize: 100,
  absoluteLinks: false,
};

const preset = (description: string, options: Partial<ProfileOptions>): Profile => ({
  kind: 'preset',
  description,
  options: { ...PRESET_BASE, ...options },
});

/** Bank presets: combinations of the implementer options as real banks choose them. */
export const PRESETS: Record<string, Profile> = {
  'redirect-bank': preset(
    'A redirect bank: only redirect SCA at the bank’s own page, authorisations never start implicitly (the TPP ' +
      'calls startAuthorisation, then follows scaRedirect), and every _links href is an absolute URL.',
    {
      scaApproaches: ['REDIRECT'],
      defaultScaApproach: 'REDIRECT',
      authorisationStart: 'explicit',
      absoluteLinks: true,
    },
  ),
  'embedded-bank': preset(
    'An embedded-only bank: the TPP collects password, SCA method and one-time password through the API; PSU-ID is ' +
      'required when a payment is initiated or a consent created (400 FORMAT_ERROR without).',
    { scaApproaches: ['EMBEDDED'], defaultScaApproach: 'EMBEDDED', psuIdRequired: true },
  ),
  'decoupled-app-bank': preset(
    'A decoupled app bank: the PSU approves every request in the banking app, which needs to know the PSU, so PSU-ID ' +
      'is required at initiation; the authorisation starts with the payment or consent.',
    {
      scaApproaches: ['DECOUPLED'],
      defaultScaApproach: 'DECOUPLED',
      psuIdRequired: true,
      authorisationStart: 'implicit',
    },
  ),
  'oauth-bank': preset(
    'An OAuth bank: redirect SCA through OAuth 2.0 (scaOAuth link, authorization code with PKCE S256, Bearer tokens ' +
      'on later calls); authorisations start with the payment or consent.',
    {
      scaApproaches: ['REDIRECT'],
      defaultScaApproach: 'REDIRECT',
      scaRedirect: 'oauth',
      authorisationStart: 'implicit',
    },
  ),
  'strict-ais-bank': preset(
    'A strict AIS bank: consents must name their accounts (bank-offered consents are refused with SERVICE_INVALID), ' +
      'frequencyPerDay is granted up to 4, and transaction reports come in pages of 10 entries.',
    { bankOfferedConsents: false, maxFrequencyPerDay: 4, transactionsPageSize: 10 },
  ),
};

const option = (description: string, options: Partial<ProfileOptions>): Profile => ({
  kind: 'option',
  description,
  options,
});

/** The standard bank, then the presets, then each single option. */
export const PROFILES: Record<string, Profile> = {
  [STANDARD_PROFILE]: option(
    'The bank as it was started: every SCA approach, the TPP chooses how authorisations start.',
    {},
  ),
  ...PRESETS,
  'redirect-only': option(
    'Only redirect SCA to the bank’s page; preferences for embedded or decoupled are not followed.',
    { scaApproaches: ['REDIRECT'], defaultScaApproach: 'REDIRECT', scaRedirect: 'page' },
  ),
  'embedded-only': option('Only embedded SCA (password and OTP through the API).', {
    scaApproaches: ['EMBEDDED'],
    defaultScaApproach: 'EMBEDDED',
  }),
  decoupled: option('Only decoupled SCA: the PSU approves in the banking app.', {
    scaApproaches: ['DECOUPLED'],
    defaultScaApproach: 'DECOUPLED',
  }),
  oauth: option('Redirect SCA through OAuth 2.0 (scaOAuth link, authorization code with PKCE, Bearer tokens).', {
    scaApproaches: ['REDIRECT'],
    defaultScaApproach: 'REDIRECT',
    scaRedirect: 'oauth',
  }),
  'implicit-start': option(
    'Authorisations always start with the payment or consent (TPP-Explicit-Authorisation-Preferred ignored).',
    { authorisationStart: 'implicit' },
  ),
  'explicit-start': option('Authorisations never start implicitly: the TPP calls startAuthorisation.', {
    authorisationStart: 'explicit',
  }),
  'psu-id-required': option(
    'PSU-ID is required when a payment is initiated or a consent created (400 FORMAT_ERROR without).',
    { psuIdRequired: true },
  ),
  'no-bank-offered-consents': option(
    'Consents must name their accounts; bank-offered consents are refused (SERVICE_INVALID).',
    { bankOfferedConsents: false },
  ),
  'max-frequency-4': option('frequencyPerDay is granted up to 4 reads a day without the PSU.', {
    maxFrequencyPerDay: 4,
  }),
  'small-pages': option('Transaction reports come in pages of 10 entries.', { transactionsPageSize: 10 }),
  'absolute-links': option('_links carry absolute URLs on the bank’s origin instead of paths.', {
    absoluteLinks: true,
  }),
};

/** Applies a profile to the live configuration: the options as started, then the profile's. */
export function profileApplier(config: SandboxConfig) {
  const started: ProfileOptions = Object.fromEntries(PROFILE_KEYS.map((k) => [k, config[k]])) as ProfileOptions;
  return (name: string | null) => {
    Object.assign(config, started, PROFILES[name ?? STANDARD_PROFILE]?.options ?? {});
  };
}

const currentOptions = (config: SandboxConfig) => ({
  ...Object.fromEntries(PROFILE_KEYS.map((k) => [k, config[k]])),
  ...FIXED,
});

export function registerProfileRoutes(admin: Hono<Env>, settings: AdminSettings, config: SandboxConfig) {
  const current = () => settings.current.profile ?? STANDARD_PROFILE;
  admin.get('/profiles', (c) =>
    c.json({
      current: current(),
      profiles: Object.entries(PROFILES).map(([name, p]) => ({
        name,
        kind: p.kind,
        description: p.description,
        options: p.kind === 'preset' ? { ...p.options, ...FIXED } : p.options,
      })),
    }),
  );
  admin.get('/profile', (c) => c.json({ name: current(), options: currentOptions(config) }));
  admin.put('/profile', async (c) => {
    const { name } = await readAdminJson(c);
    if (typeof name !== 'string' || !(name in PROFILES)) {
      const names = Object.keys(PROFILES).join(', ');
      throw new AdminError(400, 'unknown_profile', `name must be one of ${names}.`);
    }
    await settings.setProfile(name);
    return c.json({ name: current(), options: currentOptions(config) });
  });
}
