// Bank behaviour profiles: named presets of the implementer options real banks differ in, switched at run time through
// the admin API. A profile changes only the options it names; everything else stays as the sandbox was started.
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
  description: string;
  options: Partial<ProfileOptions>;
}

export const STANDARD_PROFILE = 'standard';

export const PROFILES: Record<string, Profile> = {
  [STANDARD_PROFILE]: {
    description: 'The bank as it was started: every SCA approach, the TPP chooses how authorisations start.',
    options: {},
  },
  'redirect-only': {
    description: 'Only redirect SCA to the bank’s page; preferences for embedded or decoupled are not followed.',
    options: { scaApproaches: ['REDIRECT'], defaultScaApproach: 'REDIRECT', scaRedirect: 'page' },
  },
  'embedded-only': {
    description: 'Only embedded SCA (password and OTP through the API).',
    options: { scaApproaches: ['EMBEDDED'], defaultScaApproach: 'EMBEDDED' },
  },
  decoupled: {
    description: 'Only decoupled SCA: the PSU approves in the banking app.',
    options: { scaApproaches: ['DECOUPLED'], defaultScaApproach: 'DECOUPLED' },
  },
  oauth: {
    description: 'Redirect SCA through OAuth 2.0 (scaOAuth link, authorization code with PKCE, Bearer tokens).',
    options: { scaApproaches: ['REDIRECT'], defaultScaApproach: 'REDIRECT', scaRedirect: 'oauth' },
  },
  'implicit-start': {
    description:
      'Authorisations always start with the payment or consent (TPP-Explicit-Authorisation-Preferred ignored).',
    options: { authorisationStart: 'implicit' },
  },
  'explicit-start': {
    description: 'Authorisations never start implicitly: the TPP calls startAuthorisation.',
    options: { authorisationStart: 'explicit' },
  },
  'psu-id-required': {
    description: 'PSU-ID is required when a payment is initiated or a consent created (400 FORMAT_ERROR without).',
    options: { psuIdRequired: true },
  },
  'no-bank-offered-consents': {
    description: 'Consents must name their accounts; bank-offered consents are refused (SERVICE_INVALID).',
    options: { bankOfferedConsents: false },
  },
  'max-frequency-4': {
    description: 'frequencyPerDay is granted up to 4 reads a day without the PSU.',
    options: { maxFrequencyPerDay: 4 },
  },
  'small-pages': {
    description: 'Transaction reports come in pages of 10 entries.',
    options: { transactionsPageSize: 10 },
  },
  'absolute-links': {
    description: '_links carry absolute URLs on the bank’s origin instead of paths.',
    options: { absoluteLinks: true },
  },
};

/** Every profile offers no signing baskets: this bank has none, as many real banks. */
const FIXED = { signingBaskets: false };

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
      profiles: Object.entries(PROFILES).map(([name, p]) => ({ name, description: p.description, options: p.options })),
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
