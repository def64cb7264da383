import { describe, expect, it } from 'vitest';
import { builtInSandboxProfile, type BankProfile } from '../../api';
import { duplicateValues, emptyFormValues, fromFormValues, toFormValues, validateProfile } from './profile-form-model';

const bank: BankProfile = {
  id: 'p-1',
  name: 'Test bank',
  baseUrl: 'https://bank.example/psd2',
  psuHeaders: { psuId: 'alice', psuIpAddress: '10.0.0.1' },
  sca: { redirectPreferred: false, explicitAuthorisationPreferred: true },
  bearerToken: 'tok-123',
  relayTarget: 'bank-a',
  oauthClientId: 'tpp-42',
  timeoutSeconds: 45,
};

describe('profile form values', () => {
  it('round-trips a profile, keeping unset headers unset', () => {
    expect(fromFormValues(toFormValues(bank))).toEqual(bank);
  });

  it('shows an unset OAuth client_id as an empty field and keeps a typed one', () => {
    const { oauthClientId: _unset, ...withoutClientId } = bank;
    expect(toFormValues(withoutClientId).oauthClientId).toBe('');
    expect(fromFormValues(toFormValues(withoutClientId))).not.toHaveProperty('oauthClientId');
    expect(fromFormValues({ ...toFormValues(bank), oauthClientId: '  tpp-7 ' }).oauthClientId).toBe('tpp-7');
    const result = validateProfile({ ...toFormValues(bank), oauthClientId: 'tpp 7' });
    expect(result.ok ? undefined : result.errors.oauthClientId).toMatch(
      /^OAuth client_id must be printable ASCII without spaces/,
    );
  });

  it('maps the SCA preferences to tri-state choices', () => {
    const values = toFormValues(bank);
    expect(values.redirectPreferred).toBe('false');
    expect(values.decoupledPreferred).toBe('');
    expect(values.explicitAuthorisationPreferred).toBe('true');
  });

  it('drops empty fields, trims spaces and a trailing slash of base_url', () => {
    const profile = fromFormValues({
      ...emptyFormValues(),
      id: 'p-2',
      name: '  Bank  ',
      baseUrl: ' https://bank.example/psd2/ ',
      psuId: '   ',
      redirectUri: '',
    });
    expect(profile).toEqual({ id: 'p-2', name: 'Bank', baseUrl: 'https://bank.example/psd2', psuHeaders: {}, sca: {} });
  });

  it('duplicates under a new id and name, never as built-in', () => {
    const copy = duplicateValues(builtInSandboxProfile('http://localhost:4318'));
    expect(copy.id).not.toBe('sandbox');
    expect(copy.builtIn).toBe(false);
    expect(copy.name).toBe('Embedded sandbox (copy)');
    expect(copy.baseUrl).toBe('http://localhost:4318/sandbox');
  });
});

describe('validateProfile', () => {
  it('accepts a valid profile', () => {
    const result = validateProfile(toFormValues(bank));
    expect(result).toEqual({ ok: true, profile: bank });
  });

  it('reports each bad field with the schema message, named after the field', () => {
    const result = validateProfile({
      ...toFormValues(bank),
      name: ' ',
      baseUrl: 'not a url',
      psuIpAddress: '999.1.1.1',
      psuGeoLocation: '52.5;13.1',
      redirectUri: 'callback',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      ['baseUrl', 'name', 'psuGeoLocation', 'psuIpAddress', 'redirectUri'].sort(),
    );
    expect(result.errors.baseUrl).toMatch(/^base_url must be an http:\/\/ or https:\/\/ URL/);
    expect(result.errors.psuIpAddress).toMatch(/^PSU-IP-Address must be an IPv4 or IPv6 address/);
    expect(result.errors.name).toBe('Name is required');
  });

  it('refuses a base_url with a query or of another scheme', () => {
    for (const baseUrl of ['https://bank.example/psd2?x=1', 'ftp://bank.example', 'bank.example/psd2']) {
      const result = validateProfile({ ...toFormValues(bank), baseUrl });
      expect(result.ok ? undefined : result.errors.baseUrl, baseUrl).toBeDefined();
    }
  });

  it('takes the request timeout in whole seconds from 1 to 300, empty meaning the default', () => {
    expect(toFormValues(bank).timeoutSeconds).toBe('45');
    const withTimeout = (timeoutSeconds: string) => validateProfile({ ...toFormValues(bank), timeoutSeconds });
    expect(withTimeout(' 300 ')).toMatchObject({ ok: true, profile: { timeoutSeconds: 300 } });
    expect(withTimeout('1')).toMatchObject({ ok: true, profile: { timeoutSeconds: 1 } });
    const unset = withTimeout('');
    expect(unset.ok && unset.profile).not.toHaveProperty('timeoutSeconds');
    for (const typed of ['0', '301', '2.5', '-5', 'abc', '1e2']) {
      const result = withTimeout(typed);
      expect(result.ok ? undefined : result.errors.timeoutSeconds, typed).toBe(
        'Request timeout (seconds) must be a whole number of seconds from 1 to 300, e.g. 30',
      );
    }
  });

  it('accepts IPv6 PSU addresses', () => {
    expect(validateProfile({ ...toFormValues(bank), psuIpAddress: '2001:db8::1' }).ok).toBe(true);
  });
});
