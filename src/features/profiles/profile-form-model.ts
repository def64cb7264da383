// The profile form's values (all text, as typed) and their conversion to and from a BankProfile.
import { profileIssues, psuHeaderNames, type BankProfile } from '../../api';

/** A tri-state header preference: '' = header not sent. */
export type TriState = '' | 'true' | 'false';

export interface ProfileFormValues {
  id: string;
  builtIn: boolean;
  name: string;
  baseUrl: string;
  psuId: string;
  psuIdType: string;
  psuCorporateId: string;
  psuCorporateIdType: string;
  psuIpAddress: string;
  psuIpPort: string;
  psuUserAgent: string;
  psuGeoLocation: string;
  redirectPreferred: TriState;
  decoupledPreferred: TriState;
  explicitAuthorisationPreferred: TriState;
  redirectUri: string;
  nokRedirectUri: string;
  bearerToken: string;
  /** Keep the bearer token in this browser's localStorage; otherwise it is held for this tab only. */
  rememberToken: boolean;
  /** A relay target id; '' = direct. */
  relayTarget: string;
  /** '' = the default client_id. */
  oauthClientId: string;
  /** Whole seconds as typed; '' = the default request timeout. */
  timeoutSeconds: string;
}

/** The text fields (and selects) of the form. */
export type ProfileFieldName = Exclude<keyof ProfileFormValues, 'id' | 'builtIn' | 'rememberToken'>;
export type ProfileFieldErrors = Partial<Record<ProfileFieldName, string>>;

const psuHeaderFields = [
  'psuId',
  'psuIdType',
  'psuCorporateId',
  'psuCorporateIdType',
  'psuIpAddress',
  'psuIpPort',
  'psuUserAgent',
  'psuGeoLocation',
] as const;
const scaFields = ['redirectPreferred', 'decoupledPreferred', 'explicitAuthorisationPreferred'] as const;

/** Field labels; also used to turn "must be …" messages into sentences. */
export const fieldLabels: Record<ProfileFieldName, string> = {
  name: 'Name',
  baseUrl: 'base_url',
  ...psuHeaderNames,
  redirectPreferred: 'TPP-Redirect-Preferred',
  decoupledPreferred: 'TPP-Decoupled-Preferred',
  explicitAuthorisationPreferred: 'TPP-Explicit-Authorisation-Preferred',
  redirectUri: 'TPP-Redirect-URI',
  nokRedirectUri: 'TPP-Nok-Redirect-URI',
  bearerToken: 'Bearer token',
  relayTarget: 'Relay',
  oauthClientId: 'OAuth client_id',
  timeoutSeconds: 'Request timeout (seconds)',
};

function triState(value: boolean | undefined): TriState {
  return value === undefined ? '' : value ? 'true' : 'false';
}

function fromTriState(value: TriState): boolean | undefined {
  return value === '' ? undefined : value === 'true';
}

/** A new id for a profile the user creates; not a secret, only unique within this browser. */
export function newProfileId(): string {
  return `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function emptyFormValues(): ProfileFormValues {
  return {
    id: newProfileId(),
    builtIn: false,
    name: '',
    baseUrl: '',
    psuId: '',
    psuIdType: '',
    psuCorporateId: '',
    psuCorporateIdType: '',
    psuIpAddress: '',
    psuIpPort: '',
    psuUserAgent: '',
    psuGeoLocation: '',
    redirectPreferred: '',
    decoupledPreferred: '',
    explicitAuthorisationPreferred: '',
    redirectUri: '',
    nokRedirectUri: '',
    bearerToken: '',
    rememberToken: false,
    relayTarget: '',
    oauthClientId: '',
    timeoutSeconds: '',
  };
}

export function toFormValues(profile: BankProfile): ProfileFormValues {
  const values: ProfileFormValues = {
    ...emptyFormValues(),
    id: profile.id,
    builtIn: profile.builtIn === true,
    name: profile.name,
    baseUrl: profile.baseUrl,
    redirectUri: profile.redirectUri ?? '',
    nokRedirectUri: profile.nokRedirectUri ?? '',
    bearerToken: profile.bearerToken ?? '',
    rememberToken: profile.rememberToken === true,
    relayTarget: profile.relayTarget ?? '',
    oauthClientId: profile.oauthClientId ?? '',
    timeoutSeconds: profile.timeoutSeconds === undefined ? '' : String(profile.timeoutSeconds),
  };
  for (const field of psuHeaderFields) values[field] = profile.psuHeaders[field] ?? '';
  for (const field of scaFields) values[field] = triState(profile.sca[field]);
  return values;
}

/** A copy under a new id and name, never built-in. */
export function duplicateValues(profile: BankProfile): ProfileFormValues {
  return { ...toFormValues(profile), id: newProfileId(), builtIn: false, name: `${profile.name} (copy)` };
}

/** Empty text means "not set"; surrounding spaces are never meant to be sent in a header. */
function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function fromFormValues(values: ProfileFormValues): BankProfile {
  const psuHeaders: BankProfile['psuHeaders'] = {};
  for (const field of psuHeaderFields) {
    const value = optional(values[field]);
    if (value !== undefined) psuHeaders[field] = value;
  }
  const sca: BankProfile['sca'] = {};
  for (const field of scaFields) {
    const value = fromTriState(values[field]);
    if (value !== undefined) sca[field] = value;
  }
  const profile: BankProfile = {
    id: values.id,
    name: values.name.trim(),
    baseUrl: values.baseUrl.trim().replace(/\/+$/, ''),
    psuHeaders,
    sca,
  };
  const redirectUri = optional(values.redirectUri);
  const nokRedirectUri = optional(values.nokRedirectUri);
  const bearerToken = optional(values.bearerToken);
  if (redirectUri) profile.redirectUri = redirectUri;
  if (nokRedirectUri) profile.nokRedirectUri = nokRedirectUri;
  if (bearerToken) profile.bearerToken = bearerToken;
  if (values.rememberToken) profile.rememberToken = true;
  const relayTarget = optional(values.relayTarget);
  if (relayTarget) profile.relayTarget = relayTarget;
  const oauthClientId = optional(values.oauthClientId);
  if (oauthClientId) profile.oauthClientId = oauthClientId;
  const timeoutSeconds = optional(values.timeoutSeconds);
  // Anything but digits is no number of seconds: NaN, which the profile's rules refuse with their message.
  if (timeoutSeconds) profile.timeoutSeconds = /^\d+$/.test(timeoutSeconds) ? Number(timeoutSeconds) : Number.NaN;
  if (values.builtIn) profile.builtIn = true;
  return profile;
}

function isFieldName(name: unknown): name is ProfileFieldName {
  return typeof name === 'string' && name in fieldLabels;
}

/** "must be an IPv4 …" reads as "PSU-IP-Address must be an IPv4 …"; full sentences stay as they are. */
function sentence(field: ProfileFieldName, message: string): string {
  return /^[a-z]/.test(message) && !message.startsWith(fieldLabels[field])
    ? `${fieldLabels[field]} ${message}`
    : message;
}

/** Validates with the store's profile rules; errors are keyed by form field, the first message per field. */
export function validateProfile(
  values: ProfileFormValues,
): { ok: true; profile: BankProfile } | { ok: false; errors: ProfileFieldErrors; other: string[] } {
  const profile = fromFormValues(values);
  const issues = profileIssues(profile);
  if (issues.length === 0) return { ok: true, profile };
  const errors: ProfileFieldErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const field = issue.path.at(-1);
    if (isFieldName(field)) errors[field] ??= sentence(field, issue.message);
    else other.push(issue.message);
  }
  return { ok: false, errors, other };
}
