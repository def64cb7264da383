/**
 * The rules a bank profile must satisfy, as plain code: the profile store runs them on every start (before any page
 * is loaded, so without zod in the first load), and the profile form shows their messages beside its fields.
 */
import { TIMEOUT_SECONDS_MAX, TIMEOUT_SECONDS_MIN, type BankProfile } from './bank-profile';

export interface ProfileIssue {
  path: string[];
  message: string;
}

export const BASE_URL_MESSAGE =
  'must be an http:// or https:// URL without ?query or #fragment, e.g. https://bank.example/psd2';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const GEO_LOCATION = /^GEO:-?\d{1,2}\.\d{6};-?\d{1,3}\.\d{6}$/;

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

export function isHttpUrlWithoutQuery(value: string): boolean {
  const url = parseUrl(value);
  // `new URL` drops an empty "?" or "#", so look at the text as well.
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '' && !/[?#]/.test(value);
}

export function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  // The URL parser knows IPv6 literals in all their forms (compressed, with an embedded IPv4); no zone ids.
  return value.includes(':') && !/[[\]/%]/.test(value) && parseUrl(`http://[${value}]/`) !== undefined;
}

function isPort(value: string): boolean {
  return /^\d{1,5}$/.test(value) && Number(value) <= 65535;
}

function isAbsoluteUri(value: string): boolean {
  return parseUrl(value) !== undefined;
}

type Rule = { check: (value: string) => boolean; message: string };

const psuHeaderRules: Record<keyof BankProfile['psuHeaders'], Rule | undefined> = {
  psuId: undefined,
  psuIdType: undefined,
  psuCorporateId: undefined,
  psuCorporateIdType: undefined,
  psuIpAddress: { check: isIpAddress, message: 'must be an IPv4 or IPv6 address, e.g. 192.168.0.10' },
  psuIpPort: { check: isPort, message: 'must be a port number from 0 to 65535' },
  psuUserAgent: undefined,
  psuGeoLocation: { check: (value) => GEO_LOCATION.test(value), message: 'must look like GEO:52.506931;13.144558' },
};
const scaKeys = ['redirectPreferred', 'decoupledPreferred', 'explicitAuthorisationPreferred'] as const;
/** The relay's target ids (server/relay/config.ts): letters, digits, '.', '_' and '-'. */
export const relayTargetRule: Rule = {
  check: (value) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(value),
  message: 'must be the id of one of the relay’s targets (letters, digits, ".", "_" or "-"), e.g. bank-a',
};
/** RFC 6749 appendix A.1 allows any printable ASCII in a client_id; spaces are kept out, as they are never meant. */
export const oauthClientIdRule: Rule = {
  check: (value) => /^[\x21-\x7E]{1,255}$/.test(value),
  message: 'must be printable ASCII without spaces (at most 255 characters), e.g. xs2a-console',
};
export const TIMEOUT_MESSAGE = `must be a whole number of seconds from ${TIMEOUT_SECONDS_MIN} to ${TIMEOUT_SECONDS_MAX}, e.g. 30`;

function isTimeoutSeconds(value: unknown): boolean {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= TIMEOUT_SECONDS_MIN && value <= TIMEOUT_SECONDS_MAX
  );
}
const uriRule: Rule = { check: isAbsoluteUri, message: 'must be an absolute URI, e.g. https://tpp.example/callback' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Everything wrong with a candidate profile; an empty list means it is a valid BankProfile. */
export function profileIssues(value: unknown): ProfileIssue[] {
  if (!isRecord(value)) return [{ path: [], message: 'A bank profile must be an object' }];
  const issues: ProfileIssue[] = [];
  const add = (path: string[], message: string) => issues.push({ path, message });

  const required = (key: 'id' | 'name' | 'baseUrl', missing: string): string | undefined => {
    const field = value[key];
    if (typeof field !== 'string' || field.trim() === '') add([key], missing);
    else return field.trim();
    return undefined;
  };
  /** An optional text field: absent or empty means not set; otherwise the rule applies. */
  const optional = (record: Record<string, unknown>, path: string[], rule: Rule | undefined) => {
    const field = record[path.at(-1) ?? ''];
    if (field === undefined || field === '') return;
    if (typeof field !== 'string') add(path, 'must be text');
    else if (rule && !rule.check(field)) add(path, rule.message);
  };

  required('id', 'id is required');
  required('name', 'Name is required');
  const baseUrl = required('baseUrl', 'base_url is required');
  if (baseUrl !== undefined && !isHttpUrlWithoutQuery(baseUrl)) add(['baseUrl'], BASE_URL_MESSAGE);

  const psuHeaders = value.psuHeaders;
  if (!isRecord(psuHeaders)) add(['psuHeaders'], 'must be an object of PSU headers');
  else {
    for (const [key, rule] of Object.entries(psuHeaderRules)) optional(psuHeaders, ['psuHeaders', key], rule);
  }
  const sca = value.sca;
  if (!isRecord(sca)) add(['sca'], 'must be an object of SCA preferences');
  else {
    for (const key of scaKeys) {
      if (sca[key] !== undefined && typeof sca[key] !== 'boolean') add(['sca', key], 'must be true, false or not set');
    }
  }
  optional(value, ['redirectUri'], uriRule);
  optional(value, ['nokRedirectUri'], uriRule);
  optional(value, ['bearerToken'], undefined);
  optional(value, ['bearerTokenOrigin'], undefined);
  optional(value, ['relayTarget'], relayTargetRule);
  optional(value, ['oauthClientId'], oauthClientIdRule);
  if (value.timeoutSeconds !== undefined && !isTimeoutSeconds(value.timeoutSeconds)) {
    add(['timeoutSeconds'], TIMEOUT_MESSAGE);
  }
  if (value.rememberToken !== undefined && typeof value.rememberToken !== 'boolean') {
    add(['rememberToken'], 'must be true or false');
  }
  if (value.builtIn !== undefined && typeof value.builtIn !== 'boolean') add(['builtIn'], 'must be true or false');
  return issues;
}

/**
 * The profile as stored: known fields only, text trimmed where the rules trim it, and empty optional fields dropped.
 * Call it on a value profileIssues found nothing wrong with.
 */
export function cleanProfile(value: BankProfile): BankProfile {
  const text = (field: string | undefined) => (field === undefined || field === '' ? undefined : field);
  const psuHeaders: BankProfile['psuHeaders'] = {};
  for (const key of Object.keys(psuHeaderRules) as (keyof BankProfile['psuHeaders'])[]) {
    const field = text(value.psuHeaders[key]);
    if (field !== undefined) psuHeaders[key] = field;
  }
  const sca: BankProfile['sca'] = {};
  for (const key of scaKeys) if (value.sca[key] !== undefined) sca[key] = value.sca[key];
  const profile: BankProfile = {
    id: value.id.trim(),
    name: value.name.trim(),
    baseUrl: value.baseUrl.trim(),
    psuHeaders,
    sca,
  };
  const redirectUri = text(value.redirectUri);
  const nokRedirectUri = text(value.nokRedirectUri);
  const bearerToken = text(value.bearerToken);
  if (redirectUri !== undefined) profile.redirectUri = redirectUri;
  if (nokRedirectUri !== undefined) profile.nokRedirectUri = nokRedirectUri;
  if (bearerToken !== undefined) profile.bearerToken = bearerToken;
  // The origin goes with the token, never without it.
  const bearerTokenOrigin = text(value.bearerTokenOrigin);
  if (bearerToken !== undefined && bearerTokenOrigin !== undefined) profile.bearerTokenOrigin = bearerTokenOrigin;
  if (value.rememberToken) profile.rememberToken = true;
  const relayTarget = text(value.relayTarget);
  if (relayTarget !== undefined) profile.relayTarget = relayTarget;
  const oauthClientId = text(value.oauthClientId);
  if (oauthClientId !== undefined) profile.oauthClientId = oauthClientId;
  if (value.timeoutSeconds !== undefined) profile.timeoutSeconds = value.timeoutSeconds;
  if (value.builtIn) profile.builtIn = true;
  return profile;
}

/** A profile that breaks the rules; `issues` carry the field paths, like a ZodError's. */
export class ProfileValidationError extends Error {
  override name = 'ProfileValidationError';
  readonly issues: ProfileIssue[];

  constructor(issues: ProfileIssue[]) {
    super(
      `The bank profile is not valid: ${issues.map((i) => `${i.path.join('.') || 'profile'} ${i.message}`).join('; ')}`,
    );
    this.issues = issues;
  }
}

/** The profile, cleaned, or a ProfileValidationError. */
export function validProfile(value: unknown): BankProfile {
  const issues = profileIssues(value);
  if (issues.length > 0) throw new ProfileValidationError(issues);
  return cleanProfile(value as BankProfile);
}
